import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * While `upside start` runs the compiled build (dist/), `dist/.in-use/<pid>` names its process, so
 * a rebuild (scripts/build.mjs) refuses to replace the files a live server still reads: its SPA's
 * hashed chunks, its tracker, the analysis worker it starts later (decision 093). From the sources
 * (tsx) nothing is marked, nor where this process may not write beside dist/ (the production image
 * runs as an unprivileged user over root-owned files that nobody rebuilds in place). Returns the
 * release; a marker left by a crash names a dead process and the build ignores it.
 */
export function markBuildInUse(): () => void {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.js')) return () => undefined;
  const build = join(dirname(here), '..');
  try {
    accessSync(build, constants.W_OK);
  } catch {
    return () => undefined;
  }
  const dir = join(build, '.in-use');
  const marker = join(dir, String(process.pid));
  mkdirSync(dir, { recursive: true });
  writeFileSync(marker, `${process.pid}\n`);
  return () => rmSync(marker, { force: true });
}
