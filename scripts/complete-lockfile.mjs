#!/usr/bin/env node
// Adds the lockfile entries npm leaves out when the registry it can reach serves only this
// platform's native packages (see docs/decisions/002-complete-lockfile.md). Each missing optional
// dependency gets an entry with its version and the os/cpu/libc its name declares, so `npm ci`
// accepts the lockfile and skips those packages on platforms they are not for. The lockfile is the
// project's, or the one whose path is given (`node scripts/complete-lockfile.mjs
// tools/clickhouse/package-lock.json`, decision 216).
import { readFileSync, writeFileSync } from 'node:fs';

const path = process.argv[2] ?? new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'sunos',
  'win32',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'ia32', 'riscv64', 's390x', 'ppc64', 'loong64', 'mips64el', 'wasm32', 'arm'];

function platformOf(name) {
  const base = name.split('/').pop();
  const parts = base.split(/[-_.]/);
  const entry = {};
  const os = OS.find((candidate) => parts.includes(candidate));
  if (os) entry.os = [os];
  const cpu =
    CPU.find((candidate) => parts.includes(candidate)) ?? (base.includes('gnueabihf') ? 'arm' : undefined);
  if (cpu) entry.cpu = [cpu];
  if (parts.includes('musl')) entry.libc = ['musl'];
  else if (os === 'linux' && (parts.includes('gnu') || parts.includes('gnueabihf'))) entry.libc = ['glibc'];
  return entry;
}

/** Where npm would look up `dep` from the package at `from` (node_modules resolution). */
function resolveLocation(from, dep) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const index = dir.lastIndexOf('/node_modules/');
    dir = index >= 0 ? dir.slice(0, index) : '';
  }
}

let added = 0;
for (const [location, info] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(info.optionalDependencies ?? {})) {
    if (resolveLocation(location, dep)) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a platform package: leave it to npm
    const at = `${location ? `${location}/` : ''}node_modules/${dep}`.replace(/^\//, '');
    packages[at] = { version: version.replace(/^[\^~=]/, ''), optional: true, ...platform };
    added += 1;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform-specific optional entries`);
