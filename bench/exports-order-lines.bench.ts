/**
 * Streaming CSV export of order lines (issue 18.3 goal: 1M lines < 30 s with the server's RSS
 * < 300 MB). Plants BENCH_LINES order lines (default 200,000; set 1000000 for the goal's size on a
 * quiet machine) with `generate_series` in a fresh database, starts the compiled server
 * (`node dist/cli/main.js start`, built first) on it, and downloads
 * `/api/export/order-lines.csv` with a read-only API token, counting rows while sampling the
 * server's resident memory (/proc/<pid>/status VmRSS) every 50 ms. Prints time, rows/s, the
 * server's RSS before and at its peak, and the load average. PostgreSQL only (DATABASE_URL).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { newApiTokenSecret } from '../src/server/features/api-tokens/token-secret.ts';
import { createTestDatabase } from '../test/support/test-database.ts';

if (!process.env.DATABASE_URL) {
  console.log('exports-order-lines: set DATABASE_URL (a PostgreSQL server) to run this benchmark');
  process.exit(0);
}
const root = fileURLToPath(new URL('../', import.meta.url));
const lines = Number(process.env.BENCH_LINES ?? 200_000);
const port = 5122;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
const testDatabase = await createTestDatabase();
const { db } = testDatabase.database;
await migrateDatabase(testDatabase.database);
const secret = newApiTokenSecret();
const planted = performance.now();
await db.execute(sql`
  WITH u AS (INSERT INTO users (issuer, subject, email) VALUES ('bench', 'bench', 'bench@example.com') RETURNING id),
       t AS (INSERT INTO teams (name) VALUES ('bench') RETURNING id),
       w AS (INSERT INTO workspaces (name, team_id) SELECT 'bench', t.id FROM t RETURNING id),
       m AS (INSERT INTO team_members (team_id, user_id, role) SELECT t.id, u.id, 'owner' FROM t, u RETURNING user_id)
  INSERT INTO api_tokens (workspace_id, created_by, name, token_hash, token_prefix, created_at)
  SELECT w.id, m.user_id, 'bench', ${secret.hash}, ${secret.shown}, now() FROM w, m`);
await db.execute(sql`
  INSERT INTO wh_order_line_items (workspace_id, line_item_id, order_id, order_date, product_id,
    variant_id, title, variant_title, sku, quantity, unit_price_minor, discount_minor, currency_code)
  SELECT w.id, i, i / 3, DATE '2024-01-01' + (i % 1000), i % 60, i % 600,
    'Product "' || (i % 60) || '", large', 'Size ' || (i % 5), 'SKU-' || (i % 600), 1 + i % 4,
    1999 + i % 5000, i % 300, 'USD'
  FROM workspaces w, generate_series(1, ${lines}) AS i`);
await db.execute(sql`ANALYZE wh_order_line_items`);
console.log(`planted ${lines} order lines in ${((performance.now() - planted) / 1000).toFixed(1)} s`);

const server = spawn(process.execPath, ['dist/cli/main.js', 'start'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DEMO: '0',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: testDatabase.url,
  },
  stdio: 'ignore',
});
const exited = new Promise((resolve) => server.once('exit', resolve));
const rssKb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
const url = `http://127.0.0.1:${port}`;
for (;;) {
  const up = await fetch(`${url}/api/public/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}

try {
  const idleRss = rssKb();
  let peakRss = idleRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssKb());
  }, 50);
  const started = performance.now();
  const response = await fetch(`${url}/api/export/order-lines.csv`, {
    headers: { authorization: `Bearer ${secret.token}` },
  });
  if (response.status !== 200)
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let newlines = 0;
  let bytes = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.length;
    for (const byte of chunk.value) if (byte === 10) newlines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, rssKb());
  // Quoted titles hold no newline, so lines = rows + the header.
  console.log(
    `exported ${newlines - 1} order lines (${(bytes / 1024 / 1024).toFixed(0)} MB of CSV) in ${seconds.toFixed(1)} s, ${Math.round((newlines - 1) / seconds)} rows/s`,
  );
  console.log(
    `server RSS: ${mb(idleRss)} before, peak ${mb(peakRss)} during the export (goal < 300 MB at 1M lines)`,
  );
  console.log(
    `load average: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  server.kill('SIGTERM');
  await exited;
  await testDatabase.drop();
}
