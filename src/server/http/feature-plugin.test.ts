import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { features } from '../main.ts';

/**
 * Decision 190: every folder of src/server/features exports one plugin from its `plugin.ts`, the
 * composition root lists each once and registers no route or job of its own. The tables a feature
 * names as its own are checked with every other table's owner in db/table-owners.test.ts (decision 215).
 */

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const featureFolders = readdirSync(`${SERVER_DIR}features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Plugins of platform parts listed with the features (their jobs are the platform's). */
const PLATFORM_PLUGINS = ['notification-delivery'];

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
});
