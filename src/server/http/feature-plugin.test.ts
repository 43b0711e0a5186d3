import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { features } from '../main.ts';

/**
 * Decision 190: every folder of src/server/features exports one plugin from its `plugin.ts`, the
 * composition root lists each once and registers no route or job of its own, and a table a feature
 * names as its own is declared in the schema, has one owner and is written by no other part.
 */

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const featureFolders = readdirSync(`${SERVER_DIR}features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Plugins of platform parts listed with the features (their jobs are the platform's). */
const PLATFORM_PLUGINS = ['notification-delivery'];

/** Every TypeScript source under src/server but the tests, as [path from src/server, text]. */
function serverSources(): Array<[string, string]> {
  return readdirSync(SERVER_DIR, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => [path, readFileSync(`${SERVER_DIR}${path}`, 'utf8')]);
}

describe('a feature is a plugin', () => {
  it('every feature folder exports exactly one plugin from its plugin.ts', async () => {
    for (const folder of featureFolders) {
      const plugin: Record<string, unknown> = await import(`../features/${folder}/plugin.ts`).catch(
        () => ({}),
      );
      expect(
        Object.keys(plugin),
        `features/${folder}/plugin.ts exports its plugin and nothing else`,
      ).toHaveLength(1);
    }
  });

  it('main.ts lists every feature once, by its folder’s name', () => {
    const names = features.map((feature) => feature.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(names.filter((name) => !PLATFORM_PLUGINS.includes(name)).sort()).toEqual(featureFolders);
  });

  it('main.ts registers no route and no job outside a plugin', () => {
    const main = readFileSync(`${SERVER_DIR}main.ts`, 'utf8');
    expect(main).not.toMatch(/\.(get|post|put|patch|delete|head|options|all|route|register)\(/);
    expect(main).not.toMatch(/\bhandleJob\(|\bhandlers:|\bschedules:/);
    const featureImports = [...main.matchAll(/from '\.\/features\/([^']+)'/g)].map((match) => match[1]);
    expect(featureImports.length).toBeGreaterThan(0);
    expect(featureImports.filter((path) => !/^[\w-]+\/plugin\.ts$/.test(path ?? ''))).toEqual([]);
  });

  it('a table a feature owns is declared, has one owner and is written only by that feature', () => {
    const declared = new Map<string, string>();
    for (const [variable, value] of Object.entries(schema))
      if (is(value, PgTable)) declared.set(getTableConfig(value).name, variable);
    const owners = new Map<string, string>();
    for (const feature of features) {
      for (const table of feature.tables ?? []) {
        expect(declared.has(table), `${feature.name} owns ${table}, which the schema does not declare`).toBe(
          true,
        );
        expect(owners.get(table), `${table} has two owners`).toBeUndefined();
        owners.set(table, feature.name);
      }
    }
    expect(owners.size).toBeGreaterThan(0);
    const sources = serverSources();
    const strays: string[] = [];
    for (const [table, owner] of owners) {
      const writes = new RegExp(
        `(INSERT INTO|UPDATE|DELETE FROM|TRUNCATE) +"?${table}\\b|\\.(insert|update|delete)\\(${declared.get(table)}\\)`,
      );
      for (const [path, text] of sources)
        if (writes.test(text) && !path.startsWith(`features/${owner}/`))
          strays.push(`${path} writes ${table}`);
    }
    expect(strays).toEqual([]);
  });
});
