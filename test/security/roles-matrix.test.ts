import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueDigests } from '../../src/server/features/notifications/digest/queue-due-digests.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../notifications/receivers.ts';
import { joinByInvitation, sendJson } from '../support/members.ts';
import { listApiRoutes } from '../support/route-table.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Issue #17's isolation matrix: every API route (read from Fastify's route table, so a new route is
 * in the matrix without touching this file) × every role of the owner's workspace (owner, admin,
 * analyst, viewer, and an analyst with both visibility switches off) × a member of another
 * workspace × anonymous, each cell with the status this file expects — written here, apart from the
 * server's permission table, so a wrong table entry fails. Every answer is searched for the owner's
 * data (outsider), their cost and profit figures (the member without cost access) and their
 * customers' names and e-mails (the member without personal-data access). Counts are printed.
 */
type Who = 'owner' | 'admin' | 'analyst' | 'viewer' | 'restricted' | 'outsider' | 'anonymous';
const TEAM: Who[] = ['owner', 'admin', 'analyst', 'viewer', 'restricted'];
const EVERYONE: Who[] = [...TEAM, 'outsider', 'anonymous'];

/** No session needed; not called here (sign-out would end the cell's session). */
const PUBLIC = new Set([
  'GET /api/login',
  'GET /api/callback',
  'POST /api/logout',
  'GET /api/public/health',
  'GET /api/public/basic-stats',
  'GET /api/public/config',
  'GET /api/public/sample-data',
  'POST /api/cursor-tracking/events',
  'OPTIONS /api/cursor-tracking/events',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
  'POST /api/webhooks/shopify',
  'GET /api/auth/methods',
  'POST /api/auth/setup',
  'POST /api/auth/password/login',
  'POST /api/auth/password/reset',
  'GET /api/auth/password/reset/:token',
  'POST /api/auth/password/reset/:token',
  'POST /api/invitations/:token/password',
  'POST /api/auth/email/verification/:token',
]);
/** Any signed-in member, whatever the role: the caller's own session and invitations. */
const SESSION = new Set([
  'GET /api/auth/user',
  'POST /api/stores/:id/select',
  'GET /api/invitations/:token',
  'POST /api/invitations/:token/accept',
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions/:id',
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/start',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/disable',
  'GET /api/auth/email/verification',
  'POST /api/auth/email/verification',
]);
/** Reads sent as POST because they carry a body: Ask Upside's question reads figures and writes nothing. */
const READ_POSTS = new Set(['POST /api/ask']);
/** Reads for owners and admins only: the audit log, tokens, invitations, data requests, caught mail. */
const ADMIN_READS = new Set([
  'GET /api/audit-log',
  'GET /api/tokens',
  'GET /api/workspace/invitations',
  'GET /api/compliance/data-requests',
  'GET /api/compliance/data-requests/:id',
  'GET /api/notifications/caught-mail',
  'GET /api/notifications/demo-slack',
]);
/** Pages that are only costs and profit: any role, but only with "can see costs". */
const COST_READS = new Set([
  'GET /api/profit',
  'GET /api/all-stores/profit',
  'GET /api/costs/ledger',
  'GET /api/costs/export',
  'GET /api/export/daily-pnl.csv',
  'GET /api/costs/settings',
  'GET /api/products/profit',
  'GET /api/products/affinity',
  'GET /api/customers/cohort-profit',
  'GET /api/measurement/mmm',
  'POST /api/measurement/plan',
  // spend imports (issue #39 step 4): imported spend and manual cost lines are cost figures
  'GET /api/ad-spend/manual-lines',
  'GET /api/ad-spend/sheets',
]);
/** What an analyst may change besides reading. */
const ANALYST_WRITES = new Set([
  'POST /api/opportunities/:id/implement',
  'POST /api/opportunities/:id/dismiss',
  'POST /api/opportunities/:id/restore',
  'POST /api/experiments',
  'PUT /api/experiments/:id',
  'DELETE /api/experiments/:id',
  'PUT /api/analytics/forecast-closures/:date',
  'DELETE /api/analytics/forecast-closures/:date',
  'POST /api/analysis/run',
  // Saving a funnel (issue 40) is analysis work, like an experiment.
  'POST /api/funnels',
  // A product's lead time (issue #36, decision 112) is planning input for the stock analysis.
  'PUT /api/products/:productId/lead-time',
]);

function expected(route: string, who: Who): 'allowed' | 401 | 403 {
  if (who === 'anonymous') return 401;
  if (who === 'outsider' || who === 'owner' || who === 'admin' || SESSION.has(route)) return 'allowed';
  const read = route.startsWith('GET ') || READ_POSTS.has(route);
  if (ADMIN_READS.has(route)) return 403;
  // A viewer sees no costs or profit unless granted (issue #36): the invited viewer was not.
  if (COST_READS.has(route)) return who === 'restricted' || who === 'viewer' ? 403 : 'allowed';
  if (read) return 'allowed';
  if (ANALYST_WRITES.has(route) && (who === 'analyst' || who === 'restricted')) return 'allowed';
  return 403;
}

let app: DemoTestApp;
let smtp: TestSmtpServer;
const cookies: Partial<Record<Who, string>> = {};
const ids: Record<string, string> = {};
const leakMarkers: string[] = [];
const costMarkers: string[] = [];
const personalMarkers: string[] = [];
const today = new Date().toISOString().slice(0, 10);
const yearsAgo = new Date(Date.now() - 2 * 365 * 86_400_000).toISOString().slice(0, 10);

/** Extra query a route needs to answer with data (profit ranges). */
const QUERY: Record<string, string> = {
  '/api/profit': `?from=${yearsAgo}&to=${today}`,
  '/api/all-stores/profit': `?from=${yearsAgo}&to=${today}`,
  '/api/products/profit': `?from=${yearsAgo}&to=${today}`,
  '/api/export/daily-pnl.csv': `?from=${yearsAgo}&to=${today}`,
};

async function ownerJson<T>(path: string): Promise<T> {
  const answer = await app.request(path, { cookie: cookies.owner });
  expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(200);
  return (await answer.json()) as T;
}

/** The path of a route for a caller: the owner's ids in reads and for the outsider; fresh ids in the team's writes. */
function pathOf(route: string, who: Who): string {
  const [method, template = ''] = route.split(' ');
  const ownIds = method === 'GET' || who === 'outsider';
  const idFor = (path: string) => {
    if (!ownIds && !path.startsWith('/api/stores/')) return randomUUID();
    if (path.startsWith('/api/opportunities/')) return ids.opportunity ?? '';
    if (path.startsWith('/api/experiments/')) return ids.experiment ?? '';
    if (path.startsWith('/api/tracking-configurations/')) return ids.site ?? '';
    if (path.startsWith('/api/stores/')) return ids.store ?? '';
    if (path.startsWith('/api/workspace/members/')) return ids.ownerUser ?? '';
    return randomUUID();
  };
  return (
    template
      .replace(':orderName', '1001')
      .replace(':productId', ids.product ?? '')
      .replace(':adId', ids.ad ?? '')
      .replace(':date', '2030-01-05')
      .replace(':token', 'x'.repeat(43))
      .replace(':id', idFor(template)) + (QUERY[template] ?? '')
  );
}

interface Tally {
  cells: number;
  allowed: number;
  unauthorized: number;
  forbidden: number;
  mismatches: string[];
  leaks: string[];
}
const tallies = Object.fromEntries(
  EVERYONE.map((who) => [
    who,
    { cells: 0, allowed: 0, unauthorized: 0, forbidden: 0, mismatches: [], leaks: [] },
  ]),
) as unknown as Record<Who, Tally>;

let viewerWritesRefused = 0;

async function cell(route: string, who: Who): Promise<void> {
  const method = route.split(' ')[0] ?? 'GET';
  const path = pathOf(route, who);
  const write = method !== 'GET';
  const answer = await app.request(path, {
    method,
    cookie: cookies[who],
    ...(write ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
  });
  const text = await answer.text();
  const want = expected(route, who);
  const tally = tallies[who];
  tally.cells += 1;
  const ok =
    want === 'allowed'
      ? answer.status !== 401 && answer.status !== 403 && answer.status < 500
      : answer.status === want;
  if (answer.status === 401) tally.unauthorized += 1;
  else if (answer.status === 403) tally.forbidden += 1;
  else tally.allowed += 1;
  if (who === 'viewer' && write && !SESSION.has(route) && answer.status === 403) viewerWritesRefused += 1;
  if (!ok) tally.mismatches.push(`${route} → ${answer.status} (expected ${want}) ${text.slice(0, 120)}`);
  const markers =
    who === 'outsider'
      ? leakMarkers
      : who === 'restricted' || who === 'viewer'
        ? [...costMarkers, ...personalMarkers]
        : [];
  for (const marker of markers) if (text.includes(marker)) tally.leaks.push(`${route} shows "${marker}"`);
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const connected = await startConnectedDemoApp(7, { SMTP_URL: smtp.url });
  app = connected.app;
  cookies.owner = connected.owner;
  cookies.admin = (
    await joinByInvitation(app, cookies.owner, {
      email: 'admin@example.com',
      firstName: 'Adam',
      role: 'admin',
    })
  ).cookie;
  cookies.analyst = (
    await joinByInvitation(app, cookies.owner, {
      email: 'analyst@example.com',
      firstName: 'Ann',
      role: 'analyst',
    })
  ).cookie;
  cookies.viewer = (
    await joinByInvitation(app, cookies.owner, {
      email: 'viewer@example.com',
      firstName: 'Vic',
      role: 'viewer',
    })
  ).cookie;
  const restricted = await joinByInvitation(app, cookies.owner, {
    email: 'restricted@example.com',
    firstName: 'Rita',
    role: 'analyst',
  });
  cookies.restricted = restricted.cookie;
  const switched = await sendJson(
    app,
    'PATCH',
    `/api/workspace/members/${restricted.userId}`,
    { canSeeCosts: false, canSeePersonalData: false },
    cookies.owner,
  );
  expect(switched.status).toBe(200);
  cookies.outsider = await app.signIn('outsider@example.com', 'Otto');

  // The owner's ids, and what must not show where it should not.
  const members = await ownerJson<{ members: Array<{ id: string; you: boolean }> }>('/api/workspace/members');
  ids.ownerUser = members.members.find((member) => member.you)?.id ?? '';
  ids.store = (await ownerJson<{ activeStoreId: string }>('/api/stores')).activeStoreId;
  const opportunities =
    await ownerJson<Array<{ id: string; title: string; profitImpactMax: string | null }>>(
      '/api/opportunities',
    );
  ids.opportunity = opportunities[0]?.id ?? '';
  leakMarkers.push(...opportunities.slice(0, 5).map((opportunity) => opportunity.title));
  const experiment = await sendJson(
    app,
    'POST',
    '/api/experiments',
    {
      name: 'Owner checkout experiment',
      variants: [
        { name: 'Control', visitors: 500, conversions: 40, revenue: '0' },
        { name: 'Variant B', visitors: 500, conversions: 55, revenue: '0' },
      ],
    },
    cookies.owner,
  );
  ids.experiment = ((await experiment.json()) as { id: string }).id;
  leakMarkers.push('Owner checkout experiment');
  const site = await sendJson(
    app,
    'POST',
    '/api/tracking-configurations',
    { websiteName: 'Owner shop', websiteUrl: 'https://owner-shop.example' },
    cookies.owner,
  );
  const config = (await site.json()) as { id: string; trackingId: string };
  ids.site = config.id;
  leakMarkers.push(config.trackingId, 'owner-shop.example');
  ids.product =
    (await ownerJson<{ products: Array<{ productId: string }> }>('/api/products/performance')).products[0]
      ?.productId ?? '';
  ids.ad = (await ownerJson<Array<{ adId: string }>>('/api/creatives?period=30'))[0]?.adId ?? '';

  const customers = await ownerJson<{ customers: Array<{ name: string | null; email: string | null }> }>(
    `/api/customers?pageSize=20&from=${yearsAgo}&to=${today}`,
  );
  for (const customer of customers.customers) {
    if (customer.email) personalMarkers.push(customer.email);
    if (customer.name && customer.name.length >= 5) personalMarkers.push(customer.name);
  }
  const order = await ownerJson<{
    order: { customer: { email: string | null } | null; profit: Record<string, unknown> | null };
  }>('/api/shopify/order/1001');
  if (order.order.customer?.email) personalMarkers.push(order.order.customer.email);
  leakMarkers.push(...personalMarkers.slice(0, 10));
  // Cost and profit figures: the order's, every product's and the period's, as the owner sees them.
  const profit = order.order.profit ?? {};
  for (const key of ['cogs', 'gross_profit', 'contribution_margin'])
    if (typeof profit[key] === 'string') costMarkers.push(`"${profit[key]}"`);
  const products = await ownerJson<{ products: Array<{ cogs: string; grossProfit: string }> }>(
    `/api/products/profit${QUERY['/api/products/profit']}`,
  );
  for (const product of products.products.slice(0, 10))
    costMarkers.push(`"${product.cogs}"`, `"${product.grossProfit}"`);
  const period = await ownerJson<{ totals: Record<string, unknown> }>(`/api/profit${QUERY['/api/profit']}`);
  for (const value of Object.values(period.totals))
    if (typeof value === 'string' && value.length >= 6) costMarkers.push(`"${value}"`);
  expect(personalMarkers.length).toBeGreaterThan(5);
  expect(costMarkers.length).toBeGreaterThan(10);
}, 600_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('a member without cost and personal-data access', () => {
  it('gets no cost or profit figure and only masked customers in the API and the CSV exports', async () => {
    const cookie = cookies.restricted;
    const order = (await (await app.request('/api/shopify/order/1001', { cookie })).json()) as {
      order: { profit: unknown; customer: { email: string | null } | null };
    };
    expect(order.order.profit).toBeNull();
    expect(order.order.customer?.email).toMatch(/^.\*\*\*@.\*\*\*/);
    const opportunities = (await (await app.request('/api/opportunities', { cookie })).json()) as Array<{
      profitImpactMax: unknown;
      revenueImpactMax: string;
    }>;
    expect(opportunities.length).toBeGreaterThan(0);
    expect(opportunities.every((o) => o.profitImpactMax === null)).toBe(true);
    expect((await app.request(`/api/profit${QUERY['/api/profit']}`, { cookie })).status).toBe(403);
    expect((await app.request('/api/costs/export', { cookie })).status).toBe(403);
    const csv = await (await app.request('/api/export/customers.csv', { cookie })).text();
    const ownerCsv = await (await app.request('/api/export/customers.csv', { cookie: cookies.owner })).text();
    expect(csv.split('\n').length).toBe(ownerCsv.split('\n').length);
    expect(csv.split('\n')[0]).toBe(ownerCsv.split('\n')[0]);
    for (const marker of personalMarkers) {
      expect(csv).not.toContain(marker);
    }
    expect(csv).toMatch(/,.\*\*\*@.\*\*\*\./);
  });

  it('cannot find a customer by their real e-mail or name with the customers search (?q=)', async () => {
    const owner = (await (
      await app.request('/api/customers?pageSize=5', { cookie: cookies.owner })
    ).json()) as {
      customers: Array<{ customerId: string; name: string | null; email: string | null }>;
    };
    const target = owner.customers.find((c) => c.email && c.name);
    expect(target?.email).toBeTruthy();
    const search = async (q: string, cookie: string | undefined) =>
      (await (await app.request(`/api/customers?q=${encodeURIComponent(q)}`, { cookie })).json()) as {
        total: number;
        customers: Array<{ customerId: string; email: string | null }>;
      };
    let refused = 0;
    for (const q of [target?.email ?? '', target?.name ?? '', (target?.email ?? '').split('@')[0] ?? '']) {
      expect((await search(q, cookies.owner)).total, q).toBeGreaterThan(0);
      const restricted = await search(q, cookies.restricted);
      expect(restricted.total, q).toBe(0);
      expect(restricted.customers).toEqual([]);
      refused += 1;
    }
    // The id still finds the (masked) row.
    const byId = await search(target?.customerId ?? '', cookies.restricted);
    expect(byId.customers.map((c) => c.customerId)).toEqual([target?.customerId]);
    expect(byId.customers[0]?.email).toMatch(/^.\*\*\*@/);
    console.log(
      'customers search without personal-data access: %d real-identity queries, 0 matches',
      refused,
    );
  });

  it('gets a digest without the contribution margin', async () => {
    const admin = cookies.admin;
    const adminId = (
      (await (await app.request('/api/workspace/members', { cookie: admin })).json()) as {
        members: Array<{ id: string; you: boolean }>;
      }
    ).members.find((m) => m.you)?.id;
    const digest = async (cookie: string | undefined) => {
      const before = smtp.messages.length;
      const sent = await app.request('/api/notifications/digests/test', { method: 'POST', cookie });
      expect(sent.status, await sent.clone().text()).toBe(200);
      const [mail] = (await smtp.waitFor(before + 1, 30_000)).slice(before);
      return `${mail?.text ?? ''}${mail?.html || ''}`;
    };
    expect(await digest(cookies.owner)).toContain('Contribution margin');
    await sendJson(app, 'PATCH', `/api/workspace/members/${adminId}`, { canSeeCosts: false }, cookies.owner);
    try {
      const text = await digest(admin);
      expect(text).toContain('Revenue');
      expect(text).not.toContain('Contribution margin');
      // The scheduled digest too: due at hour 0 for the admin and the owner, sent by the queue.
      const settings = {
        dailyDigest: true,
        weeklyDigest: false,
        digestHour: 0,
        emailAlerts: false,
        quietStart: null,
        quietEnd: null,
      };
      for (const cookie of [admin, cookies.owner])
        expect((await sendJson(app, 'PUT', '/api/notifications/settings', settings, cookie)).status).toBe(
          200,
        );
      const before = smtp.messages.length;
      expect(await queueDueDigests(app.server.deps)).toBeGreaterThanOrEqual(2);
      await runJobsUntilIdle(app.server.deps);
      const to = (address: string) =>
        smtp.messages
          .slice(before)
          .find(
            (mail) =>
              mail.to &&
              'text' in mail.to &&
              mail.to.text === address &&
              /Daily digest/.test(mail.subject ?? ''),
          );
      await expect
        .poll(() => Boolean(to('owner@example.com') && to('admin@example.com')), { timeout: 30_000 })
        .toBe(true);
      expect(`${to('owner@example.com')?.text}`).toContain('Contribution margin');
      expect(`${to('admin@example.com')?.text}`).toContain('Revenue');
      expect(`${to('admin@example.com')?.text}${to('admin@example.com')?.html}`).not.toContain(
        'Contribution margin',
      );
    } finally {
      await sendJson(app, 'PATCH', `/api/workspace/members/${adminId}`, { canSeeCosts: true }, cookies.owner);
    }
  });
});

describe('roles × every endpoint', () => {
  const routes = () =>
    listApiRoutes(app.server.app.printRoutes({ commonPrefix: false })).filter((route) => !PUBLIC.has(route));

  it('answers every read as expected for every role, with no leak', async () => {
    // The roles of one route at once (reads change nothing).
    for (const route of routes().filter((r) => r.startsWith('GET ')))
      await Promise.all(EVERYONE.map((who) => cell(route, who)));
  }, 300_000);

  it('refuses every write to those without the right (a viewer gets 403 on every write)', async () => {
    const writes = routes().filter((r) => !r.startsWith('GET '));
    for (const route of writes)
      await Promise.all(
        EVERYONE.filter((who) => expected(route, who) !== 'allowed').map((who) => cell(route, who)),
      );
    const viewerWrites = writes.filter((route) => !SESSION.has(route) && !READ_POSTS.has(route));
    expect(viewerWrites.length).toBeGreaterThan(40);
    console.log('viewer: %d writes, %d answered 403', viewerWrites.length, viewerWritesRefused);
    expect(viewerWritesRefused).toBe(viewerWrites.length);
  }, 300_000);

  it('lets the rest through the permission check (fresh ids and empty bodies; last, as some act)', async () => {
    for (const route of routes().filter((r) => !r.startsWith('GET ')))
      for (const who of ['outsider', 'restricted', 'analyst', 'viewer', 'admin', 'owner'] as Who[])
        if (expected(route, who) === 'allowed') await cell(route, who);
  }, 300_000);

  it('prints the matrix: 0 mismatches, 0 leaks', () => {
    const rows = EVERYONE.map((who) => {
      const t = tallies[who];
      return {
        who,
        cells: t.cells,
        allowed: t.allowed,
        '401': t.unauthorized,
        '403': t.forbidden,
        mismatches: t.mismatches.length,
        leaks: t.leaks.length,
      };
    });
    console.table(rows);
    const total = rows.reduce((sum, row) => sum + row.cells, 0);
    console.log(
      'isolation matrix: %d routes (plus %d public), %d cells',
      routes().length,
      PUBLIC.size,
      total,
    );
    for (const who of EVERYONE) {
      expect(tallies[who].mismatches, who).toEqual([]);
      expect(tallies[who].leaks, who).toEqual([]);
    }
    expect(tallies.anonymous.unauthorized).toBe(tallies.anonymous.cells);
  });
});
