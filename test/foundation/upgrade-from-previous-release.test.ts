import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { DashboardKpisSchema } from '../../src/shared/contracts/dashboard.ts';
import { OpportunityListSchema } from '../../src/shared/contracts/opportunities.ts';
import { countRowsPerTable } from '../fixtures/upgrade/count-rows.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * Upgrading a populated database (issue #19 item 4): the previous release's schema (migrations up
 * to the fixture's last one), filled with that release's data (a connected, synced and analysed demo
 * store with an owner's token and channel: test/fixtures/upgrade, made by make-fixture.ts), is
 * migrated by the server's own start-up to the newest schema. Every table of the old release keeps
 * every row, and the owner's dashboard and opportunities read the upgraded data.
 */

const here = join(import.meta.dirname, '../fixtures/upgrade');
const Release = z.object({ lastMigration: z.string(), counts: z.record(z.string(), z.number().int()) });
const release = Release.parse(JSON.parse(await readFile(join(here, 'release.json'), 'utf8')));

let app: TestApp | undefined;
afterAll(async () => {
  await app?.close();
});

describe('upgrade from the previous release', () => {
  it('migrates a populated database to the newest schema with every row accounted for', async () => {
    const testDatabase = await createTestDatabase();
    const applied = await migrateDatabase(testDatabase.database, { until: release.lastMigration });
    expect(applied.at(-1)).toBe(release.lastMigration);
    await testDatabase.database.execScript(
      gunzipSync(await readFile(join(here, 'release.sql.gz'))).toString('utf8'),
    );
    const before = await countRowsPerTable(testDatabase.database.db);
    // The fixture loaded whole: the counts it was made with, table by table.
    expect(before).toEqual(release.counts);

    app = await startTestApp({}, { database: testDatabase });
    const [newest] = await queryRows(
      app.db,
      z.object({ name: z.string() }),
      sql`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`,
    );
    const after = await countRowsPerTable(app.db);
    // Decision 053: each workspace became a team holding it as its one store, and
    // workspace_members became team_members, row for row.
    // Decision 088: the profit rollups' versions are cleared so each rollup is rebuilt with the new
    // sales lines on its next read (a cache, not data); every other table keeps every row.
    const {
      workspace_members: members,
      tracking_heatmap_hour_cells: hourCells,
      profit_rollup_versions: _rebuiltOnRead,
      ...kept
    } = release.counts;
    expect({ teams: after.teams, team_members: after.team_members }).toEqual({
      teams: release.counts.workspaces,
      team_members: members,
    });
    // Decision 085: the hour cells became a view over tracking_heatmap_hour_parts, cell for cell.
    const [cells] = await queryRows(
      app.db,
      z.object({ rows: z.number() }),
      sql`SELECT count(*)::int AS rows FROM tracking_heatmap_hour_cells`,
    );
    expect(cells?.rows).toBe(hourCells);
    const lost = Object.entries(kept).filter(([table, rows]) => (after[table] ?? -1) !== rows);
    process.stdout.write(
      `upgrade ${release.lastMigration} → ${newest?.name}: ${Object.keys(release.counts).length} tables, ` +
        `${Object.values(release.counts).reduce((a, b) => a + b, 0)} rows, ${lost.length} tables changed\n`,
    );
    expect(lost).toEqual([]);
  });

  it('serves the upgraded store to its owner', async () => {
    if (!app) throw new Error('the upgrade did not run');
    // The fixture's development identity provider ran on another port; a deployment keeps its issuer.
    await app.db.execute(sql`UPDATE users SET issuer = ${`${app.baseUrl}/oidc`}`);
    const owner = await app.signIn('owner@example.com', 'Olive');
    const kpis = await app.request('/api/dashboard/kpis?period=30', { cookie: owner });
    expect(kpis.status).toBe(200);
    // Signed in again (sessions are stored hashed), the owner finds the same workspace's data.
    expect(DashboardKpisSchema.parse(await kpis.json()).hasData).toBe(true);
    const opportunities = await app.request('/api/opportunities', { cookie: owner });
    expect(opportunities.status).toBe(200);
    const list = OpportunityListSchema.parse(await opportunities.json());
    expect(list.length).toBe(release.counts.opportunities);
  });
});
