/**
 * The allowed imports between the parts of src/ (docs/ARCHITECTURE.md "Import rules", design §3),
 * checked by `npm run lint` (decision 048). A rule names what may NOT be imported; everything else
 * is allowed.
 */
const layer = (name) => `^src/${name}/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order matter and areas impossible to read on their own.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'src/core is pure analytics: it sees only itself and src/shared, and no Node built-ins.',
      from: { path: layer('core') },
      to: { pathNot: [layer('core'), layer('shared'), '^node_modules/'] },
    },
    {
      name: 'core-has-no-node',
      severity: 'error',
      from: { path: [layer('core'), layer('shared')] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-is-isomorphic',
      severity: 'error',
      comment: 'src/shared is read by the browser and the server alike: it imports only itself.',
      from: { path: layer('shared') },
      to: { pathNot: [layer('shared'), '^node_modules/'] },
    },
    {
      name: 'web-sees-shared-only',
      severity: 'error',
      comment: 'The SPA talks to the server over HTTP only; data shapes come from src/shared.',
      from: { path: layer('web') },
      to: { pathNot: [layer('web'), layer('shared'), '^node_modules/'] },
    },
    {
      name: 'tracker-is-standalone',
      severity: 'error',
      comment: 'The tracker is a dependency-free script of ≤ 2 KB; it may take types from src/shared only.',
      from: { path: layer('tracker'), pathNot: '^src/tracker/build\\.ts$' },
      to: { pathNot: [layer('tracker'), layer('shared')] },
    },
    {
      name: 'server-not-web-demo-cli',
      severity: 'error',
      comment:
        'The server never reaches into the SPA, the demo generator/emulators or the CLI; of the tracker it only runs the build (served /tracker.js in development).',
      from: { path: layer('server') },
      to: {
        path: [layer('web'), layer('demo'), layer('cli'), layer('tracker')],
        pathNot: '^src/tracker/build\\.ts$',
      },
    },
    {
      name: 'demo-sees-shared-and-core',
      severity: 'error',
      comment:
        'The demo store and its emulators stand in for vendors: they know our contracts, not our server.',
      from: { path: layer('demo') },
      to: { path: [layer('web'), layer('server'), layer('cli')] },
    },
    {
      name: 'domain-and-platform-see-no-features',
      severity: 'error',
      comment:
        'src/server/domain (the reads every page shares: metrics, profit, contribution, currency) and src/server/platform (sessions, audit, mail, integration context) sit below the features: a feature may import them, never the reverse (issue #37, decision 135).',
      from: { path: ['^src/server/domain/', '^src/server/platform/'] },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'http-sees-no-features',
      severity: 'error',
      comment:
        "src/server/http builds the app every feature's routes run in (hooks, plugins, the route-feature contract): it imports no feature. A feature that must act at a fixed point of every request offers it through its plugin (`authentication`, decision 206). What is started with the app and stopped with it (the analysis feature's worker thread) reaches AppDeps as platform/resources, and the model checks on that thread as a port (decision 215).",
      from: { path: '^src/server/http/' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'platform-sees-no-domain',
      severity: 'error',
      from: { path: '^src/server/platform/' },
      to: { path: '^src/server/domain/' },
    },
    {
      name: 'jobs-see-no-features-or-domain',
      severity: 'error',
      comment:
        "src/server/jobs is the platform's queue: the catalogue of job contracts (type, payload schema, retries, priority, concurrency key) with `enqueue`, the worker and the scheduler. The work is each feature's (its jobs.ts), listed by the composition root (main.ts) into deps.jobs; so the queue imports no feature and no domain code, and anyone enqueues a job by its contract without importing the feature that runs it (issue #37, decision 180).",
      from: { path: '^src/server/jobs/' },
      to: { path: ['^src/server/features/', '^src/server/domain/'] },
    },
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment:
        'A feature imports no other feature (issue #37): what two features need moves down into src/server/domain or src/server/platform (server) or src/web/components and src/web/lib (web). There is no baseline of known violations: lint runs without `--ignore-known` (decision 215), so every crossing fails.',
      from: { path: '^src/(server|web)/features/([^/]+)/' },
      to: { path: '^src/$1/features/', pathNot: '^src/$1/features/$2/' },
    },
    {
      name: 'composition-root-takes-feature-plugins',
      severity: 'error',
      comment:
        "src/server/main.ts lists the features' plugins (issue #37 item 1, decision 190): of a feature it imports only its plugin.ts, which registers the feature's routes, jobs and schedules and names what it provides; a route or job registered beside the list would be served by no plugin.",
      from: { path: '^src/server/main\\.ts$' },
      to: { path: '^src/server/features/', pathNot: '^src/server/features/[^/]+/plugin\\.ts$' },
    },
    {
      name: 'web-kernels-see-no-features',
      severity: 'error',
      comment:
        "src/web/lib and src/web/components hold what several features share; like the server's domain and platform they sit below the features and import none (issue #37, decision 166). The shell that shows features' parts (the top navigation's store switcher and opportunity count) lives in src/web/app.",
      from: { path: '^src/web/(lib|components)/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'only-the-app-imports-pages',
      severity: 'error',
      comment:
        "src/web/pages holds the pages that compose several features' panels (the profile page, insights with the assistant, costs with the spend import, …); it sits above the features, so only the shell and its routes (src/web/app) import it — never a feature, src/web/lib or src/web/components (decision 156).",
      from: { path: '^src/web/', pathNot: ['^src/web/app/', '^src/web/pages/'] },
      to: { path: '^src/web/pages/' },
    },
    {
      name: 'nothing-imports-the-cli',
      severity: 'error',
      from: { path: '^src/', pathNot: layer('cli') },
      to: { path: layer('cli') },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
