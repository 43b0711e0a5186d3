import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { TestRun } from './test-run.ts';

/**
 * vitest's global setup (decision 092): once per run it makes the run's folder, its fixed test
 * keyring and demo GA4 key pair, and hands them to every test file (`currentTestRun()`). The
 * templates themselves (a migrated database, a connected demo per seed, the compiled app that
 * process tests spawn) are built lazily by the first test file that needs each (test-database.ts,
 * start-demo-app.ts, compiled-app.ts), so a run of one unit test builds nothing; teardown drops the
 * run's template databases and folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dir = await mkdtemp(join(tmpdir(), 'upside-test-run-'));
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const run: TestRun = {
    id,
    dir,
    databasePrefix: `upside_tpl_${id}_`,
    keyring: {
      sessionSecret: randomBytes(32).toString('base64url'),
      encryptionKey: randomBytes(32).toString('base64'),
    },
    ga4Keys: { privateKeyPem: pair.privateKey, publicKeyPem: pair.publicKey },
  };
  project.provide('upsideTestRun', run);
  return async () => {
    await dropTemplateDatabases(run.databasePrefix);
    await rm(dir, { recursive: true, force: true });
  };
}

async function dropTemplateDatabases(prefix: string): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
