#!/usr/bin/env node
// `npm run typecheck` (decision 194): the whole tree, then src/core, the server and the web app each
// under their own narrower libs and types, checked by TypeScript 7's native compiler
// (devDependency `typescript-native`, an alias of typescript@7), which checks the same four
// programs in under half the CPU of TypeScript 5's `tsc`. TypeScript 5 stays installed for the
// tools that read its JavaScript API (dependency-cruiser) and for editors.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The package exports no `bin/tsc` subpath: found beside its package.json.
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);
const projects = ['tsconfig.json', 'tsconfig.core.json', 'tsconfig.server.json', 'tsconfig.web.json'];

for (const project of projects) {
  const { status } = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`typecheck: ${project} has type errors`);
    process.exit(status ?? 1);
  }
}
