import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { REPOSITORY_ROOT, startUpsideProcess, stopProcess } from '../support/upside-process.ts';

const root = REPOSITORY_ROOT;
const packageJson = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** The command `npm start` runs once `npm run build` has finished (its last step). */
const startCommand = packageJson.scripts.start?.split('&&').at(-1)?.trim().split(/\s+/) ?? [];

/** The process ids whose parent is `pid`, from /proc (what `ps --ppid` reads). */
function childrenOf(pid: number): number[] {
  const children = new Set<number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of listed.split(/\s+/).filter(Boolean)) children.add(Number(child));
  }
  return [...children];
}

describe('compiled production (issue 18.1, decision 018)', () => {
  let testDatabase: TestDatabase;
  let server: ChildProcess;
  let url: string;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'pipe' });
    testDatabase = await createTestDatabase();
    expect(startCommand[0]).toBe('node');
    const started = await startUpsideProcess(
      {
        NODE_ENV: 'development',
        DEMO: '0',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        ...(testDatabase.url
          ? { DATABASE_URL: testDatabase.url }
          : { DATA_DIR: `${root}test-output/compiled-start` }),
      },
      { args: startCommand.slice(1) },
    );
    server = started.process;
    url = started.url;
  });

  afterAll(async () => {
    await stopProcess(server);
    await testDatabase?.drop();
  });

  it('keeps TypeScript loaders out of the production dependencies', () => {
    for (const loader of ['tsx', 'ts-node', 'esbuild', '@swc/core', '@swc-node/register']) {
      expect(packageJson.dependencies, loader).not.toHaveProperty(loader);
    }
    expect(packageJson.devDependencies).toHaveProperty('tsx');
  });

  it('runs plain JavaScript on node, with no esbuild (or any other) child process', async () => {
    expect(startCommand.slice(1)).toEqual(['dist/cli/main.js', 'start']);
    const response = await fetch(`${url}/api/public/health`);
    expect(response.status).toBe(200);
    const pid = server.pid!;
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(commandLine.slice(1)).toEqual(['dist/cli/main.js', 'start']);
    expect(childrenOf(pid)).toEqual([]);
    const mapped = readFileSync(`/proc/${pid}/maps`, 'utf8');
    expect(mapped).not.toMatch(/esbuild|tsx/);
  });

  it('runs the analysis worker thread from the compiled files, without tsx', () => {
    // A bare node process (no loader) asks the compiled host for the model checks of an empty series.
    // (A file, not `-e`: the worker would inherit `--input-type`, which Node refuses for a file.)
    const host = new URL('dist/server/features/analysis/worker/analysis-worker-host.js', `file://${root}`)
      .href;
    const script = join(mkdtempSync(join(tmpdir(), 'upside-compiled-')), 'run-worker.mjs');
    writeFileSync(
      script,
      `const { createAnalysisWorkerHost } = await import(${JSON.stringify(host)});
      const worker = createAnalysisWorkerHost();
      const out = await worker.run('modelChecks', { series: [], transactions: [], asOf: '2026-01-31', bgnbd: null });
      await worker.stop();
      process.stdout.write(JSON.stringify(out));`,
    );
    const output = execFileSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
    rmSync(dirname(script), { recursive: true });
    const checks = JSON.parse(output) as { holdout: unknown; holdoutNote: string | null };
    expect(checks).toHaveProperty('holdout');
    expect(checks).toHaveProperty('holdoutNote');
  });

  it('gets the 413 of a 20 MB upload to the client every time, not a reset connection', async () => {
    // Before the lingering close (src/server/http/plugins/lingering-close.ts) about half of these
    // ended in "write EPIPE": the server closed while the client was still sending. (A server in
    // the test's own process always wins that race, hence this separate production process.)
    const answers: string[] = [];
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 30; round += 1)
        for (const agent of [keepAlive, false] as const)
          answers.push(await uploadTwentyMegabytes(new URL('/api/logout', url), agent, round % 2 === 0));
    } finally {
      keepAlive.destroy();
    }
    expect(answers).toEqual(
      answers.map(() => '413 {"message":"The request body is too large.","code":"body_too_large"}'),
    );
  });
});

/**
 * POSTs 20 MB of JSON-typed bytes (with a Content-Length or chunked), writing on while the server
 * answers; resolves with "status body", or the connection's error when no answer arrived.
 */
function uploadTwentyMegabytes(target: URL, agent: Agent | false, withLength: boolean): Promise<string> {
  const megabyte = Buffer.alloc(1024 * 1024, 0x61);
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          origin: target.origin,
          ...(withLength ? { 'content-length': String(20 * megabyte.length) } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve(`${response.statusCode} ${text}`));
      },
    );
    outgoing.on('error', (error) => resolve(`error: ${error.message}`));
    let sent = 0;
    const send = () => {
      while (sent < 20) {
        sent += 1;
        if (!outgoing.write(megabyte)) return void outgoing.once('drain', send);
      }
      outgoing.end();
    };
    send();
  });
}
