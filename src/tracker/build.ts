import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The budget of the design (§8): the tracker must stay at or under 2,048 bytes gzipped. */
export const TRACKER_GZIP_BUDGET = 2048;

export interface TrackerBuild {
  code: string;
  bytes: number;
  gzipBytes: number;
}

const entry = join(dirname(fileURLToPath(import.meta.url)), 'main.ts');

/** Bundles src/tracker/main.ts into one minified IIFE for old-enough browsers; returns its sizes. */
export async function buildTracker(): Promise<TrackerBuild> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2019'],
    write: false,
    legalComments: 'none',
  });
  const code = result.outputFiles[0]!.text;
  return { code, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
}

/** Builds the tracker and writes it to `outFile` (dist/tracker.js for `upside build-tracker`). */
export async function writeTracker(outFile: string): Promise<TrackerBuild> {
  const built = await buildTracker();
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, built.code);
  return built;
}
