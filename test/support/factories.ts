import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { analysisCustomers, analysisRuns } from '../../src/server/db/schema/analysis.ts';
import { teams, users, workspaces } from '../../src/server/db/schema/auth.ts';
import { credentials } from '../../src/server/db/schema/credentials.ts';
import {
  trackingConfigurations,
  trackingOrderJourneys,
  trackingSessions,
} from '../../src/server/db/schema/tracking.ts';
import { whOrders, whRefunds } from '../../src/server/db/schema/warehouse.ts';

/**
 * Rows that tests put in by hand, through the drizzle schema instead of raw `INSERT`s (issue #21):
 * a renamed or retyped column fails to compile here, once, instead of failing at run time in
 * every test that spelled it out. Each factory fills what the test does not care about.
 */

type NewUser = typeof users.$inferInsert;
type NewCredential = typeof credentials.$inferInsert;
type NewOrder = typeof whOrders.$inferInsert;
type NewRefund = typeof whRefunds.$inferInsert;
type NewSession = typeof trackingSessions.$inferInsert;
type NewJourney = typeof trackingOrderJourneys.$inferInsert;

/**
 * A store (a `workspaces` row, decision 053) in a team of its own, or in `teamId`'s; returns the
 * store's id, the `workspaceId` of every store-owned row.
 */
export async function createWorkspace(db: Db, name = 'test workspace', teamId?: string): Promise<string> {
  const team = teamId ?? (await createTeam(db, name));
  const [row] = await db.insert(workspaces).values({ name, teamId: team }).returning({ id: workspaces.id });
  if (!row) throw new Error('no workspace was created');
  return row.id;
}

/** A team (what the product calls a workspace) without members or stores; returns its id. */
export async function createTeam(db: Db, name = 'test team', reportingCurrency = 'USD'): Promise<string> {
  const [row] = await db.insert(teams).values({ name, reportingCurrency }).returning({ id: teams.id });
  if (!row) throw new Error('no team was created');
  return row.id;
}

/** Users signed in through the development provider (`issuer` 'dev') unless given. */
export async function createUsers(
  db: Db,
  rows: ReadonlyArray<Pick<NewUser, 'subject'> & Partial<NewUser>>,
): Promise<void> {
  await db.insert(users).values(rows.map((row) => ({ issuer: 'dev', ...row })));
}

/** A tracked website of `origin` in a workspace (api key 'k'); returns its id. */
export async function createTrackingSite(
  db: Db,
  site: { workspaceId: string; origin: string; trackingId: string },
): Promise<string> {
  const [row] = await db
    .insert(trackingConfigurations)
    .values({
      workspaceId: site.workspaceId,
      websiteName: 'Shop',
      websiteUrl: site.origin,
      websiteOrigin: site.origin,
      trackingId: site.trackingId,
      apiKey: 'k',
    })
    .returning({ id: trackingConfigurations.id });
  if (!row) throw new Error('no tracking configuration was created');
  return row.id;
}

/**
 * A credential record. Without `ciphertext` and its key fields it is a placeholder that only its
 * provider and status are read from (it never decrypts).
 */
export async function createCredential(
  db: Db,
  credential: Pick<NewCredential, 'workspaceId' | 'provider'> & Partial<NewCredential>,
): Promise<void> {
  await db
    .insert(credentials)
    .values({ keyId: 'k', iv: 'iv', authTag: 'tag', ciphertext: 'x', ...credential });
}

/** A synced Shopify order of `totalMinor` in USD, created and updated now, on `orderDate`. */
export async function createOrder(
  db: Db,
  order: Pick<NewOrder, 'workspaceId' | 'orderId' | 'orderDate' | 'totalMinor'> & Partial<NewOrder>,
): Promise<void> {
  const now = new Date();
  await db
    .insert(whOrders)
    .values({ name: `#${order.orderId}`, currencyCode: 'USD', createdAt: now, updatedAt: now, ...order });
}

/**
 * A synced shop for store `workspaceId` selling in `currency` (two decimals) from `timeZone`, with a
 * succeeded Shopify sync state: the sync state versions the warehouse, so rollups are built from it.
 */
export async function createSyncedShop(
  db: Db,
  shop: { workspaceId: string; currency: string; timeZone: string },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO wh_shops (workspace_id, shop_domain, name, currency_code, currency_digits, iana_timezone)
    VALUES (${shop.workspaceId}, ${`${shop.workspaceId.slice(0, 8)}.myshopify.com`}, 'Shop', ${shop.currency}, 2,
      ${shop.timeZone})`);
  await db.execute(sql`
    INSERT INTO sync_states (workspace_id, source, status, last_success_at)
    VALUES (${shop.workspaceId}, 'shopify', 'succeeded', now())`);
}

/** An order of one line (quantity 1 at `minor`, product 1 'Mug' unless given) on `day`, in `currency`. */
export async function createOneLineOrder(
  db: Db,
  order: {
    workspaceId: string;
    orderId: number;
    day: string;
    minor: number;
    currency: string;
    product?: { id: number; title: string };
  },
): Promise<void> {
  const product = order.product ?? { id: 1, title: 'Mug' };
  await createOrder(db, {
    workspaceId: order.workspaceId,
    orderId: order.orderId,
    orderDate: order.day,
    totalMinor: order.minor,
    currencyCode: order.currency,
  });
  await db.execute(sql`
    INSERT INTO wh_order_line_items (workspace_id, line_item_id, order_id, order_date, product_id, title,
      quantity, unit_price_minor, currency_code)
    VALUES (${order.workspaceId}, ${order.orderId}, ${order.orderId}, ${order.day}, ${product.id}, ${product.title},
      1, ${order.minor}, ${order.currency})`);
}

/** A refund of `amountMinor` in USD on `refundDate`, made now. */
export async function createRefund(
  db: Db,
  refund: Pick<NewRefund, 'workspaceId' | 'refundId' | 'orderId' | 'refundDate' | 'amountMinor'> &
    Partial<NewRefund>,
): Promise<void> {
  await db.insert(whRefunds).values({ currencyCode: 'USD', createdAt: new Date(), ...refund });
}

/**
 * A tracked session that started at `startedAt` (default now) with one page view of `landingUrl`
 * (default https://shop.test/); session-start fields (visitor id, UTMs, device, …) as given.
 */
export async function createTrackingSession(
  db: Db,
  session: Pick<NewSession, 'workspaceId' | 'configurationId' | 'sessionId'> & Partial<NewSession>,
): Promise<void> {
  const at = session.startedAt ?? new Date();
  const page = session.landingUrl ?? 'https://shop.test/';
  await db.insert(trackingSessions).values({
    startedAt: at,
    endedAt: at,
    eventCount: 1,
    clickCount: 0,
    lastPageUrl: page,
    lastPageAt: at,
    firstReceivedAt: at,
    lastReceivedAt: at,
    landingUrl: page,
    ...session,
  });
}

/** An order joined to a session (method 'visitor_id' unless given). */
export async function createOrderJourney(
  db: Db,
  journey: Pick<NewJourney, 'workspaceId' | 'orderId' | 'configurationId' | 'sessionId'> &
    Partial<NewJourney>,
): Promise<void> {
  await db.insert(trackingOrderJourneys).values({ method: 'visitor_id', ...journey });
}

/**
 * A succeeded analysis run (finished now) whose RFM segments put each given customer in its
 * segment (scores and figures filled with 1s); returns the run id.
 */
export async function createRfmRun(
  db: Db,
  workspaceId: string,
  segments: ReadonlyArray<{ customerId: number; segment: string }>,
): Promise<string> {
  const now = new Date();
  const [run] = await db
    .insert(analysisRuns)
    .values({ workspaceId, status: 'succeeded', trigger: 'test', startedAt: now, finishedAt: now })
    .returning({ id: analysisRuns.id });
  const runId = run!.id;
  if (segments.length > 0)
    await db.insert(analysisCustomers).values(
      segments.map(({ customerId, segment }) => ({
        runId,
        workspaceId,
        customerId,
        recencyDays: 1,
        frequency: 1,
        monetary: 1,
        r: 1,
        f: 1,
        m: 1,
        segment,
      })),
    );
  return runId;
}
