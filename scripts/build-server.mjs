// Bundles the server and the CLI into plain JavaScript under dist/ (decisions 018 and 210): one
// file per process entry at the place its source has relative to src/ (dist/cli/main.js, each
// command of dist/cli/commands/, the analysis worker, each export dataset), and the code they share
// split into dist/chunks/, so a start loads the few files it runs instead of one per source module.
// Packages stay imports of node_modules. Each module's `import.meta.url` is rewritten to the URL its
// own compiled file had in decision 018's file-by-file layout, relative to the file it lands in, so
// every `new URL('…', import.meta.url)` keeps finding what it found (dist/web, dist/tracker.js,
// the migrations, bench/, package.json) wherever the build is moved. The SQL migrations and the
// password list are copied where their readers look. `--outdir <dir>` writes the same layout
// elsewhere (the test run's compiled app, decision 191); the default is dist/. Plain JavaScript so
// it runs on bare `node`, before anything is compiled.
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const src = join(root, 'src');
/** What earlier layouts wrote (decision 018 compiled every file of these), removed before a build. */
const AREAS = ['cli', 'core', 'demo', 'server', 'shared', 'tracker', 'chunks'];
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag === -1 ? join(root, 'dist') : resolve(process.argv[outdirFlag + 1] ?? '');

/** The TypeScript modules of a folder (not tests): the files loaded by name from it. */
async function modulesIn(dir) {
  const names = await readdir(join(src, dir));
  return names
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(src, dir, name));
}

/**
 * Every file a process starts by its path: the CLI (bin/upside.js, `npm start`), its commands and
 * the export datasets (both found by listing their folder), the analysis worker (`new Worker(new
 * URL(…))`), and two modules the compiled-start test and the opportunities bench import from dist/.
 */
const entryPoints = [
  join(src, 'cli/main.ts'),
  ...(await modulesIn('cli/commands')),
  ...(await modulesIn('server/features/exports/datasets')),
  join(src, 'server/features/analysis/worker/analysis-worker.ts'),
  join(src, 'server/features/analysis/worker/analysis-worker-host.ts'),
  join(src, 'server/features/analysis/run-analysis.ts'),
];

/** A call that stands for `import.meta.url` in a module until the file it lands in is known. */
const MODULE_URL = '__upsideModuleUrl';

/**
 * Replaces `import.meta.url` in each of our sources with `__upsideModuleUrl("<path>")`, the path
 * (relative to the output folder) of the file decision 018 compiled that source to; after the
 * build, `withModuleUrls` turns each into that path resolved against its output file's own URL.
 */
const moduleUrls = {
  name: 'module-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const compiled = relative(src, args.path).split(sep).join('/').replace(/\.ts$/, '.js');
      if (compiled.startsWith('../')) throw new Error(`${args.path} is outside src/`);
      return {
        contents: source.replaceAll('import.meta.url', `${MODULE_URL}(${JSON.stringify(compiled)})`),
        loader: 'ts',
      };
    });
  },
};

/** An output file's text with each `__upsideModuleUrl("<path>")` resolved against that file's URL. */
function withModuleUrls(file, text) {
  const resolved = text.replace(new RegExp(`${MODULE_URL}\\("([^"]+)"\\)`, 'g'), (_, compiled) => {
    let path = relative(dirname(file), join(outdir, compiled)).split(sep).join('/');
    if (!path.startsWith('.')) path = `./${path}`;
    return `new URL(${JSON.stringify(path)}, import.meta.url).href`;
  });
  if (resolved.includes(MODULE_URL)) throw new Error(`${file}: an import.meta.url was left unresolved`);
  return resolved;
}

const started = performance.now();
await Promise.all(AREAS.map((area) => rm(join(outdir, area), { recursive: true, force: true })));
const result = await build({
  entryPoints,
  outdir,
  outbase: src,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  metafile: true,
  write: false,
  logLevel: 'warning',
  plugins: [moduleUrls],
});
await Promise.all(
  result.outputFiles.map(async (output) => {
    await mkdir(dirname(output.path), { recursive: true });
    await writeFile(
      output.path,
      output.path.endsWith('.js') ? withModuleUrls(output.path, output.text) : output.contents,
    );
  }),
);
await cp(join(src, 'server/db/migrations'), join(outdir, 'server/db/migrations'), {
  recursive: true,
  filter: (source) => !extname(source) || source.endsWith('.sql'),
});
// The bundled list of common passwords (decision 094) is read next to its reader's compiled place.
await cp(
  join(src, 'server/features/auth/password/common-passwords.txt'),
  join(outdir, 'server/features/auth/password/common-passwords.txt'),
);
const sources = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules')).length;
const files = Object.keys(result.metafile.outputs).filter((output) => output.endsWith('.js')).length;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `server: ${sources} modules bundled into ${files} files (${entryPoints.length} entries) in ${relative(process.cwd(), outdir) || '.'}/ in ${seconds} s\n`,
);
