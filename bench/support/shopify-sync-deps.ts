/**
 * What a bench that runs the Shopify sync without the HTTP layer needs: a fresh migrated database
 * (DATABASE_URL, or in-memory PGlite), the server's dependencies pointed at the demo emulators, and
 * one workspace holding the demo shop's credentials. Shared by the backfill and files-visited benches.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { createAppCaches } from '../../src/server/caches.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { primaryOnly } from '../../src/server/db/read-replica.ts';
import { storeShopifyCredentials } from '../../src/server/domain/credentials/manage-shopify-credentials.ts';
import { loadEnv } from '../../src/server/env.ts';
import type { AppDeps } from '../../src/server/http/deps.ts';
import { createLogger } from '../../src/server/log.ts';
import { integrationContextOf } from '../../src/server/platform/integrations/integration-context.ts';
import { createAppResources } from '../../src/server/platform/resources/app-resources.ts';
import { resolveSecrets } from '../../src/server/secrets.ts';
import { createTestDatabase } from '../../test/support/test-database.ts';

type DemoEmulators = Awaited<ReturnType<typeof startDemoEmulators>>;

export async function shopifySyncDeps(demo: DemoEmulators): Promise<{
  deps: AppDeps;
  workspaceId: string;
  testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
}> {
  const testDatabase = await createTestDatabase();
  await migrateDatabase(testDatabase.database);
  const env = loadEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO: '0' });
  const { database } = testDatabase;
  const secrets = resolveSecrets(env, { ephemeral: true });
  const clock = () => new Date();
  const caches = createAppCaches();
  // The sync needs the server's dependencies, not its HTTP layer.
  const deps: AppDeps = {
    env,
    database,
    db: database.db,
    reads: primaryOnly(database.db),
    log: createLogger('warn'),
    secrets,
    clock,
    publicUrl: () => 'http://127.0.0.1',
    startedAt: new Date(),
    caches,
    resources: createAppResources(),
    mail: { runtime: undefined },
    integration: integrationContextOf({
      db: database.db,
      env,
      secrets,
      clock,
      tokens: caches.upstreamTokens,
      demo: { baseUrls: demo.baseUrls, credentials: demo.credentials },
    }),
    demo: { baseUrls: demo.baseUrls, credentials: demo.credentials },
    // The sync is called directly; the analysis it queues after a success is not run.
    jobs: { handlers: [], schedules: [] },
  };
  const [workspace] = await queryRows(
    deps.db,
    z.object({ id: z.string() }),
    sql`WITH t AS (INSERT INTO teams (name) VALUES ('bench') RETURNING id)
        INSERT INTO workspaces (name, team_id) SELECT 'bench', id FROM t RETURNING id`,
  );
  const workspaceId = workspace?.id ?? '';
  await storeShopifyCredentials(deps.integration, workspaceId, {
    shopDomain: demo.credentials.shopify.shopDomain,
    accessToken: demo.credentials.shopify.accessToken,
  });
  return { deps, workspaceId, testDatabase };
}
