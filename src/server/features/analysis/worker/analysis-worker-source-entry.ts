import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The analysis worker's entry when the server runs from its TypeScript sources (tests, `npm run
 * dev`; compiled, the host starts dist/…/analysis-worker.js). Decision 238: registering tsx in each
 * new worker thread (analysis-worker-entry.mjs) cost ~2.1 s of CPU per boot — a loader-hooks thread
 * of its own, and every module of the core resolved, read and transformed through it — and every
 * app that runs an analysis boots a worker. Here the worker's sources are bundled once per process
 * with esbuild (as scripts/build-server.mjs does for dist/; packages stay imports of node_modules)
 * into node_modules/.cache, and every worker thread of the process loads that one file (~0.55 s a
 * boot). A file is named by its content's hash, so an edit of the sources makes a new one (the
 * folder is never cleaned: ~1.4 MB a version). The bundle is made at the first boot, from the sources
 * as they are then; a process that must see later edits is restarted (`tsx watch` does). If esbuild
 * cannot bundle, the tsx entry is used as before.
 */
const WORKER_SOURCE = new URL('./analysis-worker.ts', import.meta.url);
const TSX_ENTRY = new URL('./analysis-worker-entry.mjs', import.meta.url);
const CACHE_DIR = new URL('../../../../../node_modules/.cache/upside-analysis-worker/', import.meta.url);

let entry: URL | undefined;

/** The URL to start the analysis worker from: this process's bundle, made at the first call. */
export function analysisWorkerSourceEntry(): URL {
  entry ??= bundleOnce();
  return entry;
}

function bundleOnce(): URL {
  // Loaded here, not imported: esbuild is a development dependency, and compiled code never calls this.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  try {
    const [output] = esbuild.buildSync({
      entryPoints: [fileURLToPath(WORKER_SOURCE)],
      write: false,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'inline',
      logLevel: 'silent',
    }).outputFiles;
    if (!output) return TSX_ENTRY;
    // Named by its content: processes bundling the same sources share one file, and a file once
    // written never changes (written whole under another name, then renamed, for a process that
    // reads it meanwhile).
    const hash = createHash('sha256').update(output.contents).digest('hex').slice(0, 16);
    const file = new URL(`analysis-worker-${hash}.mjs`, CACHE_DIR);
    if (!existsSync(file)) {
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = new URL(`analysis-worker-${hash}.${process.pid}.tmp`, CACHE_DIR);
      writeFileSync(partial, output.contents);
      renameSync(partial, file);
    }
    return file;
  } catch {
    return TSX_ENTRY;
  }
}
