import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { upsideCommand } from './compiled-app.ts';

/** The repository root: where `bin/upside.js` and `dist/` are. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Every process this test worker spawned and that has not exited. A file whose set-up times out
 * never reaches its own `stopProcess`, and the main project's workers outlive a file (isolate:
 * false): without this, such a server kept using the two cores for the rest of the run. They are
 * killed when the worker exits (decision 182).
 */
const living = new Set<ChildProcess>();
let reaperInstalled = false;

function track(child: ChildProcess): void {
  living.add(child);
  child.once('exit', () => living.delete(child));
  if (reaperInstalled) return;
  reaperInstalled = true;
  process.once('exit', () => {
    for (const orphan of living) orphan.kill('SIGKILL');
  });
}

export interface UpsideProcess {
  process: ChildProcess;
  /** The URL from the "running at" line the server prints once it listens ('' for a worker). */
  url: string;
  /** Everything the process has printed so far (stdout and stderr). */
  output(): string;
}

/**
 * A real app process, as an owner starts it: `upside start` (or `command`, e.g. `['worker']`) run
 * by the test run's compiled CLI (compiled-app.ts, decision 191), or `args`, node's arguments
 * verbatim (e.g. the repository's `dist/cli/main.js start`, or `bin/upside.js start` where the
 * TypeScript entry is what is tested), in the repository, with this process's environment plus
 * `env` (an `undefined` value removes a variable). Resolves once the server prints where it
 * listens; rejects, with the last output, when the process exits first or says nothing for
 * `timeoutMs`.
 */
export async function startUpsideProcess(
  env: Record<string, string | undefined>,
  options: {
    command?: string[];
    args?: string[];
    name?: string;
    timeoutMs?: number;
    /** What the process prints once ready (default: the server's "running at <url>", whose URL it captures). */
    ready?: RegExp;
  } = {},
): Promise<UpsideProcess> {
  const merged: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...env }))
    if (value !== undefined) merged[key] = value;
  const args =
    options.args ??
    (await upsideCommand(options.command ?? ['start'], { embeddedDatabase: !merged.DATABASE_URL }));
  const child = spawn(process.execPath, args, {
    cwd: REPOSITORY_ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  const name = options.name ?? 'the server';
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Nobody will stop a process whose start failed: it goes now, not at the worker's exit.
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start:\n${output.slice(-2000)}`));
    }, options.timeoutMs ?? 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = (options.ready ?? /running at (http:\/\/[\d.:]+)/).exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ process: child, url: match[1] ?? '', output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Sends `signal` (SIGTERM: a graceful shutdown; SIGKILL: no shutdown code runs) and waits for the
 * exit. Does nothing for a process that is absent or already gone.
 */
export async function stopProcess(
  child: ChildProcess | undefined,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<void> {
  if (!child) return;
  const done = exited(child);
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await done;
}
