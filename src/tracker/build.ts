import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { minify } from 'terser';

/**
 * The budget of the design (§8): the tracker must stay at or under 2,048 bytes gzipped; the Shopify
 * custom pixel has the same budget (issue 40).
 */
export const TRACKER_GZIP_BUDGET = 2048;

export interface TrackerBuild {
  code: string;
  bytes: number;
  gzipBytes: number;
}

const here = dirname(fileURLToPath(import.meta.url));

/** Bundles src/tracker/main.ts into one minified IIFE for ES2020 browsers; returns its sizes. */
export function buildTracker(): Promise<TrackerBuild> {
  return buildScript(join(here, 'main.ts'));
}

/**
 * Bundles src/tracker/pixel-main.ts the same way: the template of every site's Shopify custom pixel,
 * its config still the `__UPSIDE_PIXEL_CONFIG__` placeholder (decision 107).
 */
export function buildPixel(): Promise<TrackerBuild> {
  return buildScript(join(here, 'pixel-main.ts'));
}

async function buildScript(entry: string): Promise<TrackerBuild> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    write: false,
    legalComments: 'none',
    // No "use strict" prologue: the sources are strict-clean (checked by tsc), and the 13 bytes
    // keep the tracker within its budget under every zlib, Debian's system zlib included
    // (2,054 → 2,044 B gzipped there; Node's bundled zlib 2,045 → 2,037 B).
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
  });
  // esbuild bundles; terser's extra passes shave the last 3 % the budget needs (decision 051).
  const minified = await minify(result.outputFiles[0]!.text, {
    ecma: 2020,
    compress: {
      passes: 3,
      unsafe: true,
      unsafe_arrows: true,
      unsafe_methods: true,
      pure_getters: true,
      booleans_as_integers: true,
    },
  });
  const code = minified.code ?? '';
  return { code, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
}

/**
 * Builds the tracker and writes it to `outFile` (dist/tracker.js for `upside build-tracker`), and
 * the custom pixel's template beside it (pixel.js); returns both builds.
 */
export async function writeTracker(outFile: string): Promise<{ tracker: TrackerBuild; pixel: TrackerBuild }> {
  const [tracker, pixel] = await Promise.all([buildTracker(), buildPixel()]);
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, tracker.code);
  await writeFile(join(dirname(outFile), 'pixel.js'), pixel.code);
  return { tracker, pixel };
}
