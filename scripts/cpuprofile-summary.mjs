#!/usr/bin/env node
/**
 * Self time of V8 CPU profiles (`node --cpu-prof`), summed over the files given and grouped by
 * package, by our own module and by function (decision 238: where the test workers' CPU goes).
 *   worker threads: `test.execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']` in a copy of the
 *   vitest config (NODE_OPTIONS refuses --cpu-prof; a fork's own profile is lost to vitest's SIGKILL
 *   500 ms after SIGTERM)
 *   forks' main threads, one profile per test file: `UPSIDE_CPU_PROFILE_DIR=/tmp/prof npx vitest run
 *   --project main <files>` (test/support/cpu-profile.ts, decision 246)
 *   node scripts/cpuprofile-summary.mjs /tmp/prof/*.cpuprofile [--top 15]
 * It also groups the samples by role (decision 258): the nearest frame of our own source on the
 * sample's stack says whose work it was — the product (src/server, src/core, src/shared, src/cli,
 * src/web), the test fixtures (src/demo: the vendor emulators, the demo generator and storefront),
 * the tests and their harness (test/) — or none of ours (a library called back by a socket or a
 * timer, vitest's runner, module loading: these are then grouped by the package nearest the stack's
 * root). Garbage collection and the VM, which have no JavaScript stack, are rows of their own.
 * A profile's self time is what ran in that function itself (not its callees); a sample's time is
 * its `timeDeltas` entry. Native frames without a script (garbage collection, the VM itself) are
 * grouped by their name; the idle loop (waiting) is left out.
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 15;
// Without --top, topIndex + 1 is 0: the first file is not the option's value.
const files = args.filter(
  (arg, index) => arg.endsWith('.cpuprofile') && (topIndex < 0 || index !== topIndex + 1),
);

/** Where a frame's script belongs: a package, our own source (by folder), Node itself or V8. */
function kind(url, functionName) {
  if (!url) return `(${functionName || 'native'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  const path = decodeURIComponent(url.replace(/^file:\/\//, ''));
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first = '', second = ''] = path.slice(modules + 14).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (path.startsWith('node:')) return 'node (internal)';
  const own = /\/(src|test|scripts)\/(.*)$/.exec(path);
  if (own) return `ours: ${own[1]}/${own[2]?.split('/').slice(0, 2).join('/')}`;
  return path;
}

const byKind = new Map();
const byFunction = new Map();
const byOwnFile = new Map();
const byRole = new Map();
const byOuterPackage = new Map();
let total = 0;

/** Whose work a frame of our own source is (decision 258), or undefined for any other frame. */
function role(url) {
  const own = /\/(src|test)\/([^/]+)\//.exec(decodeURIComponent(url).replace(/\/node_modules\/.*$/, ''));
  if (!own) return undefined;
  if (own[1] === 'test') return 'tests and their harness (test/)';
  return own[2] === 'demo'
    ? 'fixtures: emulators, generator, storefront (src/demo)'
    : 'product (src/, not src/demo)';
}
const NONE_OF_OURS = 'none of ours on the stack (libraries called back by I/O, the runner, loading)';
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  /** The role of the nearest own frame from this node up to the root. */
  const roleOf = (id) => {
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const found = role(nodes.get(at).callFrame.url);
      if (found) return found;
    }
    return undefined;
  };
  /** The package nearest the root on a stack without own frames: whose callback started the work. */
  const outerPackage = (id) => {
    let outer = 'Node.js only';
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const { url, functionName } = nodes.get(at).callFrame;
      const where = url ? kind(url, functionName) : undefined;
      if (where && where !== 'node (internal)') outer = where;
    }
    return outer;
  };
  const self = new Map();
  profile.samples.forEach((id, index) => {
    add(self, id, profile.timeDeltas[index] ?? 0);
  });
  for (const [id, micros] of self) {
    const { callFrame } = nodes.get(id);
    // The idle loop is waiting, not CPU.
    if (callFrame.functionName === '(idle)') continue;
    const seconds = micros / 1e6;
    total += seconds;
    const group = kind(callFrame.url, callFrame.functionName);
    add(byKind, group, seconds);
    const where = callFrame.url
      ? `${group} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber + 1}`
      : group;
    add(byFunction, `${callFrame.functionName || '(anonymous)'} — ${where}`, seconds);
    const owner = roleOf(id) ?? (callFrame.url ? NONE_OF_OURS : group);
    add(byRole, owner, seconds);
    if (owner === NONE_OF_OURS) add(byOuterPackage, outerPackage(id), seconds);
    if (group.startsWith('ours:')) add(byOwnFile, callFrame.url.replace(/^.*\/(src|test)\//, '$1/'), seconds);
  }
}

const print = (title, map, limit) => {
  console.log(`\n${title}`);
  for (const [key, seconds] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(
      `${seconds.toFixed(2).padStart(8)} s ${((100 * seconds) / total).toFixed(1).padStart(5)} %  ${key}`,
    );
  }
};
console.log(`${files.length} profiles, ${total.toFixed(1)} s of samples`);
print('By role (nearest own frame on the stack)', byRole, 10);
print('With none of ours on the stack, by the package nearest its root', byOuterPackage, top);
print('By package / kind', byKind, top * 2);
print('By function (self)', byFunction, top * 2);
print('Our own files (self)', byOwnFile, top);
