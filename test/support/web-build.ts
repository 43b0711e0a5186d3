import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const INDEX = join(ROOT, 'dist/web/index.html');
const LOCK = join(ROOT, 'dist/.web-build-lock');

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const isFresh = () =>
  existsSync(INDEX) &&
  statSync(INDEX).mtimeMs >=
    Math.max(newestSourceTime(join(ROOT, 'src/web')), newestSourceTime(join(ROOT, 'src/shared')));

/**
 * Browser tests need the built SPA (the server serves dist/web). Builds it when missing or older
 * than its sources; a lock directory keeps parallel test workers from building at once. The build
 * is the production one `npm run build` makes for owners: vitest sets NODE_ENV=test, and Vite
 * builds React's development bundle for any NODE_ENV but production (StrictMode's double renders
 * and effects, dev checks, a 586 KB entry instead of 384 KB), which is not what ships and cost the
 * browser's renderer about a third of its CPU per page (decision 249).
 */
export async function ensureWebBuild(): Promise<void> {
  if (isFresh()) return;
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (let waited = 0; ; waited += 1) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (waited > 300) throw new Error('timed out waiting for another web build');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    if (!isFresh())
      execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
  } finally {
    rmdirSync(LOCK);
  }
}
