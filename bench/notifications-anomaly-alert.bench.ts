/**
 * A planted anomaly → its alert (issue #14: within 60 s of the sync that reveals it). The real
 * server in demo mode with its job worker and scheduler running, as `upside start` runs them, over
 * the demo store whose last day has half its usual orders; the owner connects the store. Prints,
 * with the load average: connect → the Shopify sync's success (the sync that reveals the day),
 * that success → the "orders unusually low" alert opened, and → its e-mail accepted by a local
 * SMTP server; also the time from the last of the three syncs.
 *
 * Database: DATABASE_URL (a fresh database is created and dropped) or in-memory PGlite.
 * Options: BENCH_LIMIT_S (default 600): give up after that many seconds.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_END_DATE } from '../src/demo/presets.ts';
import { startDemoEmulators } from '../src/demo/start-demo-emulators.ts';
import { queryRows, timestampColumn } from '../src/server/db/query-rows.ts';
import { loadEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/main.ts';
import { startTestSmtpServer } from '../test/notifications/receivers.ts';
import { signInThroughDevProvider } from '../test/support/start-app.ts';
import { createTestDatabase } from '../test/support/test-database.ts';

const limitSeconds = Number(process.env.BENCH_LIMIT_S ?? 600);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const smtp = await startTestSmtpServer();
const demo = await startDemoEmulators({
  preset: 'small',
  seed: 42,
  scenario: { orderDropDay: DEFAULT_END_DATE },
});
const testDatabase = await createTestDatabase();
const env = loadEnv({
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DEMO: '1',
  SMTP_URL: smtp.url,
});
const server = await startServer({
  env,
  database: testDatabase.database,
  ephemeralSecrets: true,
  demo,
  backgroundJobs: true,
});
try {
  const cookie = await signInThroughDevProvider(server.url, 'owner@example.com', 'Olive');
  const connectedAt = Date.now();
  const connected = await fetch(`${server.url}/api/demo/connect`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
  });
  if (connected.status !== 200) throw new Error(`demo connect answered ${connected.status}`);
  console.log(`database ${testDatabase.url ? 'postgres' : 'pglite'}; connected; load average ${load()}`);
  let mailedAt: number | null = null;
  for (;;) {
    if (Date.now() - connectedAt > limitSeconds * 1000) {
      console.log(`no alert after ${limitSeconds} s; load average ${load()}`);
      break;
    }
    const [alert] = await queryRows(
      server.deps.db,
      z.object({ opened_at: timestampColumn, title: z.string() }),
      sql`SELECT opened_at, title FROM alerts WHERE rule = 'forecast:orders'`,
    );
    if (alert && mailedAt === null && smtp.messages.some((m) => m.subject?.includes(alert.title)))
      mailedAt = Date.now();
    if (alert && mailedAt !== null) {
      const syncs = await queryRows(
        server.deps.db,
        z.object({ source: z.string(), last_success_at: timestampColumn }),
        sql`SELECT source, last_success_at FROM sync_states WHERE last_success_at IS NOT NULL`,
      );
      const at = (value: Date | string) => new Date(value).getTime();
      const shopify = syncs.find((s) => s.source === 'shopify');
      const lastSync = Math.max(...syncs.map((s) => at(s.last_success_at)));
      const opened = at(alert.opened_at);
      console.log(
        `connect → Shopify sync done ${seconds(at(shopify!.last_success_at) - connectedAt)}; ` +
          `Shopify sync → alert opened ${seconds(opened - at(shopify!.last_success_at))} (budget 60 s), ` +
          `→ e-mail accepted ${seconds(mailedAt - at(shopify!.last_success_at))}; ` +
          `last of ${syncs.length} syncs → alert opened ${seconds(opened - lastSync)}; load average ${load()}`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
} finally {
  await server.close();
  await testDatabase.drop();
  await demo.close();
  await smtp.close();
}
