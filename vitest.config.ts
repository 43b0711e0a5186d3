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

/** Test files under test/ that replace modules, globals or timers: they keep a module graph of their own. */
const ISOLATED = ['test/platform/read-replica.test.ts'];

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
          setupFiles: [FILE_CPU],
        },
      },
      {
        // Unit tests (core, web components with their own DOM environment, CLI commands) and the
        // test files that replace modules or timers (vi.mock, vi.spyOn, fake timers): a fresh
        // module graph per file, as before.
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', ...ISOLATED] },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'pglite',
                include: PGLITE_SUBSET,
                setupFiles: [FILE_CPU],
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
    maxWorkers: 2,
    reporters: ['default'],
  },
});
