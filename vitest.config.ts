import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Database tests that also run on PGlite (what `npm start` embeds) when DATABASE_URL points the
 * rest at PostgreSQL, so both engines are exercised by every `npm test` in CI (issue #21 item 9).
 * The sync path runs on PGlite where this project builds its connected-demo template (demo connect,
 * then every source's sync and the analysis), which profit-api, one-set-of-numbers and
 * order-facts-in-sql check against the generated store (decision 196), so warehouse-sync's resume
 * and export matrix runs on PostgreSQL only (decision 068).
 */
const PGLITE_SUBSET = [
  'test/foundation/sign-in.test.ts',
  'test/foundation/http-basics.test.ts',
  'test/warehouse/warehouse-upsert.test.ts',
  'test/profit/profit-api.test.ts',
  'test/costs/recalculation-truth.test.ts',
  'test/metrics/one-set-of-numbers.test.ts',
  // The cursor-event writer's heatmap hour parts and their fold into tiles (decision 085).
  'test/tracking/heatmap-hour-parts.test.ts',
  // Kept heatmap answers against folds, late commits and new orders (decision 075).
  'test/tracking/heatmap-session-sums.test.ts',
  // Raw-first ingestion: the fold from a watermark and readers folding first (decision 125).
  'test/tracking/raw-first.test.ts',
  // The fold's set-based statement writes what the request path writes (decision 193).
  'test/tracking/raw-first-fold-equal.test.ts',
  // The raw-first writer's group window and fold by pending count (decision 176).
  'test/tracking/raw-first-writer.test.ts',
  // The tile fold never passes hours with raw rows pending (decision 147).
  'test/tracking/raw-first-tiles.test.ts',
  // The heatmap reads through the pending raw rows (decision 148).
  'test/tracking/heatmap-pending.test.ts',
  // The analysis's order facts summed in SQL, as demo mode (PGlite) reads them (decision 083).
  'test/opportunities/order-facts-in-sql.test.ts',
  // Stale planner statistics refreshed where autovacuum never runs (decision 103).
  'test/platform/stale-statistics.test.ts',
];

/** Records each integration file's CPU in its task meta, for the suite timeline (decision 195). */
const FILE_CPU = 'test/support/file-cpu.ts';

/**
 * The integration projects' setup files; with UPSIDE_CPU_PROFILE_DIR set, also a CPU profile of
 * each file's worker (test/support/cpu-profile.ts, decision 246).
 */
const SETUP_FILES = [
  FILE_CPU,
  ...(process.env.UPSIDE_CPU_PROFILE_DIR ? ['test/support/cpu-profile.ts'] : []),
];

/** Test files under test/ that replace modules, globals or timers: they keep a module graph of their own. */
const ISOLATED = ['test/platform/read-replica.test.ts'];

/**
 * What in a unit test file's text says it changes what another file sharing its worker's module
 * graph would see (decision 211): a replaced module (`vi.mock`, `vi.doMock`), a replaced method or
 * global (`vi.spyOn`, `vi.stubGlobal`, `vi.stubEnv`, and `vi.unstubAll…`, which a file calls after a
 * helper of its own stubbed something), fake timers or clock, a module registry reset, or a DOM
 * environment of its own (`@vitest-environment`: its window, document and the singletons rendered
 * into them).
 */
const CHANGES_SHARED_STATE =
  /\bvi\.(?:mock|doMock|unmock|doUnmock|hoisted|spyOn|stubGlobal|stubEnv|unstubAll\w*|useFakeTimers|setSystemTime|resetModules)\b|@vitest-environment\b/;

/**
 * The unit test files under src/ (`*.test.ts`, `*.test.tsx`) whose text changes shared state, read
 * when the config loads, so a new file lands in the `unit` or `unit-isolated` project by itself.
 */
function unitFilesChangingSharedState(): string[] {
  return readdirSync(fromRoot('./src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => `src/${path.replaceAll('\\', '/')}`)
    .filter((path) => CHANGES_SHARED_STATE.test(readFileSync(fromRoot(`./${path}`), 'utf8')));
}

const UNIT_ISOLATED = unitFilesChangingSharedState();

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fromRoot('./src/shared'),
      '@core': fromRoot('./src/core'),
      '@web': fromRoot('./src/web'),
    },
  },
  test: {
    projects: [
      {
        // The integration, HTTP, browser and process tests: each file still gets its own database
        // (a template clone), app, emulators and browser, but a worker keeps the modules it has
        // imported between files instead of importing the server's graph again for each (decision
        // 133: ~5 s of CPU a file; the demo store a worker generated is reused the same way).
        extends: true,
        test: {
          name: 'main',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
          setupFiles: SETUP_FILES,
        },
      },
      {
        // Unit tests that leave shared state alone (core, demo generation, server helpers): a
        // worker keeps the modules it imported between files, as `main` does (decision 211).
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: UNIT_ISOLATED,
          isolate: false,
        },
      },
      {
        // Unit tests that replace modules, globals, the environment or timers, or render into a
        // DOM environment of their own, and ISOLATED: a fresh module graph per file (decision 211).
        // Run both unit projects with `--project 'unit*'`.
        extends: true,
        test: { name: 'unit-isolated', include: [...UNIT_ISOLATED, ...ISOLATED] },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'pglite',
                include: PGLITE_SUBSET,
                // The same files share their worker's module graph in `main` (decision 133); here too,
                // instead of importing the server's graph again for each file (decision 253).
                isolate: false,
                setupFiles: SETUP_FILES,
                env: { TZ: 'UTC', TEST_DATABASE: 'pglite' },
              },
            },
          ]
        : []),
    ],
    environment: 'node',
    env: { TZ: 'UTC' },
    // Once per run: the run's folder, fixed test keyring and template databases (decision 092).
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Three forks on the two cores (decision 256): the browser, process and fault-matrix files wait
    // on pages, children and sleeps for much of their windows, which left ~12 % of the cores idle
    // with two; a third file fills those waits (vmstat over a whole run: 11.7 % idle → 3.8 %).
    maxWorkers: 3,
    reporters: ['default'],
  },
});
