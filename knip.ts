import type { KnipConfig } from 'knip';

/**
 * Dead code, unused files and unused dependencies fail `npm run lint` (issue #21, decision 045).
 * Every way the code is started is an entry (package.json's bin and the SPA through Vite's plugin
 * are found by knip itself): the command's modules (loaded by file name),
 * the SPA, the tracker and the Shopify pixel, the analysis worker (loaded by URL), the CSV export datasets (loaded by
 * file name), the build scripts, the benchmarks, the fixture makers run by hand, the tests and the
 * tests' CPU profile setup file (a setup file only when UPSIDE_CPU_PROFILE_DIR is set, decision 246).
 */
const config: KnipConfig = {
  entry: [
    'src/cli/main.ts',
    'src/cli/commands/*.ts',
    'src/tracker/main.ts',
    'src/tracker/pixel-main.ts',
    'src/server/features/analysis/worker/analysis-worker-entry.mjs',
    'src/server/features/analysis/worker/analysis-worker.ts',
    'src/server/features/exports/datasets/*.ts',
    'scripts/*.mjs',
    'bench/*.bench.ts',
    'test/fixtures/*/make-fixture.ts',
    'src/**/*.test.{ts,tsx}',
    'test/**/*.test.ts',
    'test/support/cpu-profile.ts',
  ],
  project: ['bin/**/*.js', 'scripts/**/*.mjs', 'bench/**/*.ts', 'src/**/*.{ts,tsx,mjs,css}', 'test/**/*.ts'],
  /** TypeScript 7's compiler, run by path from scripts/typecheck.mjs (decision 194), which knip cannot follow. */
  ignoreDependencies: ['typescript-native'],
  /** util-linux's `taskset`, which the replica bench pins its processes with (decision 207): a system binary, not a package. */
  ignoreBinaries: ['taskset'],
  /** An export its own module uses is part of that module's shape; only exports nobody uses are dead. */
  ignoreExportsUsedInFile: true,
  compilers: {
    /** The SPA's stylesheets import Tailwind by package name (`@import "tailwindcss"`). */
    css: (text: string) =>
      [...text.matchAll(/@import\s+["']([^"']+)["']/g)]
        .map(([, specifier]) => `import '${specifier}';`)
        .join('\n'),
  },
};

export default config;
