import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const TOOL = join(import.meta.dirname, '../../tools/clickhouse');

/** The part of chDB's session (embedded ClickHouse, npm package `chdb`) the tests use. */
export interface ChdbSession {
  query(statement: string, format?: string): string;
  queryBind(statement: string, parameters: Record<string, unknown>, format?: string): string;
  cleanup(): void;
}

const isSessionClass = (value: unknown): value is new () => ChdbSession =>
  typeof value === 'function' && typeof value.prototype?.queryBind === 'function';

/** Whether `npm ci --prefix tools/clickhouse` has installed chDB. */
export const chdbInstalled = () => existsSync(join(TOOL, 'node_modules/chdb'));

/**
 * A chDB session in a temporary folder, from `tools/clickhouse` (its own lockfile: the package is
 * 543 MB, so it is not the app's dependency; decision 216). Null when it is not installed there,
 * which only a machine that never ran `npm ci --prefix tools/clickhouse` sees: `.ci/run` installs it.
 */
export function openChdbSession(): ChdbSession | null {
  if (!chdbInstalled()) return null;
  const loaded: unknown = createRequire(join(TOOL, 'package.json'))('chdb');
  const Session = typeof loaded === 'object' && loaded !== null ? Reflect.get(loaded, 'Session') : undefined;
  if (!isSessionClass(Session)) throw new Error('tools/clickhouse: chdb exports no Session class');
  return new Session();
}
