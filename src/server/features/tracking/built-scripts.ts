import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser scripts `upside build-tracker` writes into dist/: the theme tracker (served as
 * /tracker.js) and the template of the Shopify custom pixel (issue 40). In a checkout without
 * `npm run build` they are built on first use (esbuild and terser are development dependencies,
 * decision 018), and re-read whenever the file changes.
 */
export type BuiltScript = 'tracker.js' | 'pixel.js';

const DIST = fileURLToPath(new URL('../../../../dist/', import.meta.url));
const TRACKER_SOURCES = fileURLToPath(new URL('../../../tracker', import.meta.url));

/** The file is missing or older than the tracker's sources. */
function isStale(file: string): boolean {
  if (!existsSync(file)) return true;
  if (!existsSync(TRACKER_SOURCES)) return false;
  const built = statSync(file).mtimeMs;
  return readdirSync(TRACKER_SOURCES).some(
    (source) => source.endsWith('.ts') && statSync(join(TRACKER_SOURCES, source)).mtimeMs > built,
  );
}

const loaded = new Map<BuiltScript, { code: string; mtimeMs: number }>();

/** The current code of a built script, building both first when needed. */
export async function readBuiltScript(name: BuiltScript): Promise<string> {
  const file = join(DIST, name);
  if (!loaded.has(name) && isStale(file))
    await (await import('../../../tracker/build.ts')).writeTracker(join(DIST, 'tracker.js'));
  const mtimeMs = statSync(file).mtimeMs;
  let script = loaded.get(name);
  if (!script || script.mtimeMs !== mtimeMs) {
    script = { code: readFileSync(file, 'utf8'), mtimeMs };
    loaded.set(name, script);
  }
  return script.code;
}
