/**
 * Built-in accounts (issue #38, decision 094): the time of one argon2id hash with the parameters the
 * server uses (goal ≥ 50 ms: slow enough to make guessing costly), and the p50/p95 of
 * POST /api/auth/password/login over real HTTP (goal p95 < 300 ms), each a full verification plus
 * the lockout reads and the session write. Prints the figures and the load average; asserts nothing.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_HASHES (default 10), BENCH_LOGINS (default 40; at most 60 a minute pass the
 * per-address limit).
 */
import { loadavg } from 'node:os';
import { loadEnv } from '../src/server/env.ts';
import { hashPassword, PASSWORD_HASH_OPTIONS } from '../src/server/features/auth/password/password-hash.ts';
import { startServer } from '../src/server/main.ts';
import { createTestDatabase } from '../test/support/test-database.ts';

const hashes = Number(process.env.BENCH_HASHES ?? 10);
const logins = Math.min(60, Number(process.env.BENCH_LOGINS ?? 40));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

// Wall time, and the CPU time the hash used (argon2 runs on libuv's pool, counted in the process's
// CPU): on a shared, loaded machine the CPU time is what the hash costs on an idle core.
const hashTimes: number[] = [];
const hashCpu: number[] = [];
for (let index = 0; index < hashes; index += 1) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await hashPassword(`bench-password-${index}-long-enough`);
  const used = process.cpuUsage(cpu);
  hashTimes.push(performance.now() - started);
  hashCpu.push((used.user + used.system) / 1000);
}
hashTimes.sort((a, b) => a - b);
hashCpu.sort((a, b) => a - b);

const testDatabase = await createTestDatabase();
const server = await startServer({
  env: loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO: '0',
    UPSIDE_AUTH: 'password',
  }),
  database: testDatabase.database,
  ephemeralSecrets: true,
  backgroundJobs: false,
});
try {
  const account = { email: 'bench@example.com', password: 'bench-owner-password-long', name: 'Bench' };
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });
  const setup = await post('/api/auth/setup', account);
  if (setup.status !== 201) throw new Error(`setup answered ${setup.status}: ${await setup.text()}`);
  const loginTimes: number[] = [];
  for (let index = 0; index < logins; index += 1) {
    const started = performance.now();
    const response = await post('/api/auth/password/login', {
      email: account.email,
      password: account.password,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    loginTimes.push(performance.now() - started);
  }
  loginTimes.sort((a, b) => a - b);
  const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_OPTIONS;
  console.log(`argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}, ${testDatabase.database.kind}`);
  console.log(
    `hash: ${hashes} hashes, p50 ${ms(percentile(hashTimes, 50))}, min ${ms(hashTimes[0] ?? Number.NaN)}, max ${ms(hashTimes.at(-1) ?? Number.NaN)} (goal ≥ 50 ms); CPU time p50 ${ms(percentile(hashCpu, 50))}`,
  );
  console.log(
    `login: ${logins} sign-ins, p50 ${ms(percentile(loginTimes, 50))}, p95 ${ms(percentile(loginTimes, 95))} (goal p95 < 300 ms)`,
  );
  console.log(
    `load average: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await server.close();
  await testDatabase.drop();
}
