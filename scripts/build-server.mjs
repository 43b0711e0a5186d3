// Compiles the server, the CLI and the code they import (src/{cli,core,demo,server,shared,tracker})
// into plain JavaScript under dist/, one .js file per .ts file at the same place relative to dist/
// as the source is to src/ (decision 018). Keeping the layout keeps every `new URL('…',
// import.meta.url)` pointing where it did (dist/web, dist/tracker.js, bench/, package.json), and
// the SQL migrations are copied next to the compiled migrator. `--outdir <dir>` writes the same
// layout elsewhere (the test run's compiled app, decision 191); the default is dist/. Plain
// JavaScript so it runs on bare `node`, before anything is compiled.
import { cp, readdir, rm } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const AREAS = ['cli', 'core', 'demo', 'server', 'shared', 'tracker'];
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag === -1 ? join(root, 'dist') : resolve(process.argv[outdirFlag + 1] ?? '');

async function sourcesOf(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sourcesOf(path)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
      found.push(path);
  }
  return found;
}

/**
 * Every relative import stays an import of its own compiled file (`./x.ts` → `./x.js`), so esbuild
 * transpiles file by file instead of bundling; packages stay imports of node_modules.
 */
const fileByFile = {
  name: 'file-by-file',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      return { path: args.path.replace(/\.ts$/, '.js'), external: true };
    });
  },
};

const started = performance.now();
await Promise.all(AREAS.map((area) => rm(join(outdir, area), { recursive: true, force: true })));
const entryPoints = (await Promise.all(AREAS.map((area) => sourcesOf(join(root, 'src', area))))).flat();
await build({
  entryPoints,
  outdir,
  outbase: join(root, 'src'),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [fileByFile],
});
await cp(join(root, 'src/server/db/migrations'), join(outdir, 'server/db/migrations'), {
  recursive: true,
  filter: (source) => !extname(source) || source.endsWith('.sql'),
});
// The bundled list of common passwords (decision 094) is read next to its compiled reader.
await cp(
  join(root, 'src/server/features/auth/password/common-passwords.txt'),
  join(outdir, 'server/features/auth/password/common-passwords.txt'),
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `server: ${entryPoints.length} files compiled into ${relative(process.cwd(), outdir) || '.'}/ in ${seconds} s\n`,
);
