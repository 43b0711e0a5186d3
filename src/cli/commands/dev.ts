import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CliCommand } from '../command.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Development: the API server restarting on change (node --watch through tsx) on port 5000, and
 * the Vite dev server with hot reload on port 5173, which proxies /api, /oidc and /tracker.js.
 */
export const command: CliCommand = {
  summary: 'Run the API (auto-restart) and the Vite dev server (http://localhost:5173)',
  async run() {
    const children: ChildProcess[] = [
      spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/cli/main.ts', 'start'], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
      }),
      spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
    ];
    const stop = () => {
      for (const child of children) child.kill('SIGTERM');
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    const codes = await Promise.all(
      children.map(
        (child) => new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 0))),
      ),
    );
    return codes.find((code) => code !== 0) ?? 0;
  },
};
