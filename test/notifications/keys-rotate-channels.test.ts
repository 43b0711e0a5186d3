import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type SlackWebhookEmulator,
  startSlackWebhookEmulator,
} from '../../src/demo/emulators/slack/slack-webhook-emulator.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { loadEnv } from '../../src/server/env.ts';
import { sendChannelTest } from '../../src/server/features/notifications/test-messages.ts';
import { type RunningServer, startServer } from '../../src/server/main.ts';
import { keyIdOf } from '../../src/server/secrets.ts';
import { upsideCommand } from '../support/compiled-app.ts';
import { signInThroughDevProvider } from '../support/start-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * `upside keys rotate` (the real command, as a process) moves notification channel targets to the
 * new key with the credentials: after the rotation an app that knows only the new key still sends
 * the Slack channel's test message (before the fix: "no encryption key with id …"), and no channel row is left under the old key.
 */

const run = promisify(execFile);
const oldKey = randomBytes(32).toString('base64');
const newKey = randomBytes(32).toString('base64');
const sessionSecret = randomBytes(32).toString('base64url');

let testDatabase: TestDatabase;
let slack: SlackWebhookEmulator;

async function startWithKey(key: string, url: string): Promise<RunningServer> {
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO: '0',
    ENCRYPTION_KEY: key,
    SESSION_SECRET: sessionSecret,
  });
  return startServer({
    env,
    database: await openDatabase({ kind: 'postgres', url, maxConnections: 3 }),
  });
}

const post = (server: RunningServer, path: string, cookie: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  slack = await startSlackWebhookEmulator();
}, 120_000);

afterAll(async () => {
  await slack?.close();
  await testDatabase?.drop();
});

const QueryRow = z.object({
  workspace_id: z.string(),
  target_key_id: z.string(),
  target_ciphertext: z.string(),
});

describe.skipIf(!process.env.DATABASE_URL)('upside keys rotate', () => {
  it('re-encrypts notification channel targets, so a Slack channel still sends after rotation', async () => {
    const url = testDatabase.url!;
    const before = await startWithKey(oldKey, url);
    let channelId: string;
    try {
      const cookie = await signInThroughDevProvider(before.url, 'owner@example.com', 'Olive');
      const created = await post(before, '/api/notifications/channels', cookie, {
        type: 'slack',
        target: slack.webhookUrl,
        name: '#alerts',
      });
      expect(created.status).toBe(201);
      channelId = ((await created.json()) as { id: string }).id;
    } finally {
      await before.close();
    }

    const { stdout } = await run(
      process.execPath,
      await upsideCommand(['keys', 'rotate', '--new-key', newKey]),
      {
        cwd: new URL('../..', import.meta.url).pathname,
        env: { ...process.env, DATABASE_URL: url, ENCRYPTION_KEY: oldKey, NODE_ENV: 'development' },
        timeout: 120_000,
      },
    );
    expect(stdout).toMatch(/and 1 notification channel target\(s\)/);

    const after = await startWithKey(newKey, url);
    try {
      const rows = await queryRows(
        after.deps.db,
        QueryRow,
        sql`SELECT workspace_id, target_key_id, target_ciphertext FROM notification_channels`,
      );
      expect(rows.map((row) => row.target_key_id)).toEqual([keyIdOf(Buffer.from(newKey, 'base64'))]);
      expect(JSON.stringify(rows)).not.toContain(slack.webhookUrl);
      // The development provider names users per instance: send the test as the route does.
      const delivery = await sendChannelTest(after.deps, rows[0]!.workspace_id, channelId);
      expect(delivery).toMatchObject({ status: 'sent' });
      expect(slack.received.some((message) => message.text?.includes('"#alerts"'))).toBe(true);
    } finally {
      await after.close();
    }
  }, 300_000);
});
