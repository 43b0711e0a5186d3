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
