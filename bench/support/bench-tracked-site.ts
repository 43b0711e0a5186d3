import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';

/**
 * A bench workspace's USD shop in UTC and its one tracked site (tracking id `bench-tracking`, key
 * `bench-key`): the set-up the first-party and funnel benches fill with sessions. Answers the
 * site's configuration id.
 */
export async function createBenchTrackedSite(db: Db, workspaceId: string): Promise<string> {
  await db.execute(sql`INSERT INTO wh_shops (workspace_id, shop_domain, name, currency_code, currency_digits, iana_timezone)
    VALUES (${workspaceId}, 'bench.myshopify.com', 'Bench', 'USD', 2, 'UTC')`);
  const [site] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`INSERT INTO tracking_configurations (workspace_id, website_name, website_url, website_origin,
      tracking_id, api_key) VALUES (${workspaceId}, 'Bench', 'https://bench.example', 'https://bench.example',
      'bench-tracking', 'bench-key') RETURNING id::text AS id`,
  );
  return site!.id;
}
