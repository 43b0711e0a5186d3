/**
 * Emulator throughput over real HTTP: orders per second served by a Shopify bulk export (JSONL)
 * and by paginated GraphQL (`orders(first: 50, after: …)`, under the 1000-point single-query limit), plus GA4 runReport and Meta insights
 * latency. The cost bucket is made unlimited here so the figure is the emulator's own speed (a
 * real client is held to ~100 points/s by throttling). `BENCH_PRESET=medium` for a bigger store;
 * each measurement stops after ~20 s. Prints figures only.
 */
import { createHmac, createSign } from 'node:crypto';
import { startDemoEmulators } from '../src/demo/start-demo-emulators.ts';

const preset = (process.env.BENCH_PRESET ?? 'small') as 'small' | 'medium' | 'large';
const LIMIT_MS = 20_000;
const demo = await startDemoEmulators({
  preset,
  seed: 42,
  shopifyBucket: { maximumAvailable: 1e12, restoreRate: 1e12 },
});
const endpoint = `${demo.baseUrls.shopify}/admin/api/2026-10/graphql.json`;
const headers = {
  'content-type': 'application/json',
  'x-shopify-access-token': demo.credentials.shopify.accessToken,
};

interface GraphqlAnswer {
  data?: Record<
    string,
    {
      status?: string;
      url?: string;
      rootObjectCount?: string;
      pageInfo?: { hasNextPage: boolean; endCursor: string };
      nodes?: unknown[];
    }
  >;
}
async function gql(query: string, variables: Record<string, unknown> = {}): Promise<GraphqlAnswer> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlAnswer;
}

// Bulk export.
{
  const started = performance.now();
  await gql(
    'mutation($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id } userErrors { message } } }',
    {
      q: '{ orders { edges { node { id name createdAt updatedAt displayFinancialStatus totalPriceSet { shopMoney { amount currencyCode } } customer { id } lineItems { edges { node { id sku quantity originalUnitPriceSet { shopMoney { amount } } } } } } } } }',
    },
  );
  let status = 'CREATED';
  let url: string | undefined;
  let roots = 0;
  while (performance.now() - started < LIMIT_MS * 6) {
    const op = (await gql('{ currentBulkOperation { status url rootObjectCount } }')).data
      ?.currentBulkOperation;
    status = op?.status ?? 'UNKNOWN';
    roots = Number(op?.rootObjectCount ?? 0);
    url = op?.url ?? undefined;
    if (status !== 'CREATED' && status !== 'RUNNING') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  let lines = 0;
  if (url) lines = (await (await fetch(url)).text()).split('\n').filter(Boolean).length;
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `shopify bulk export (${preset}): ${status}, ${roots} orders (${lines} JSONL lines) in ${seconds.toFixed(1)} s = ${Math.round(roots / seconds)} orders/s\n`,
  );
}

// Paginated GraphQL.
{
  const query = `query($after: String) { orders(first: 50, after: $after, sortKey: CREATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { id name createdAt updatedAt displayFinancialStatus totalPriceSet { shopMoney { amount currencyCode } } customer { id }
      lineItems(first: 5) { nodes { id sku quantity } } } } }`;
  const started = performance.now();
  let after: string | null = null;
  let orders = 0;
  let pages = 0;
  while (performance.now() - started < LIMIT_MS) {
    const answer: GraphqlAnswer = await gql(query, { after });
    const page = answer.data?.orders;
    if (!page?.nodes) break;
    orders += page.nodes.length;
    pages += 1;
    if (!page.pageInfo?.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `shopify paginated GraphQL (${preset}): ${orders} orders in ${pages} pages, ${seconds.toFixed(1)} s = ${Math.round(orders / seconds)} orders/s\n`,
  );
}

// GA4 and Meta latency.
{
  const sa = JSON.parse(demo.credentials.ga4.serviceAccountJson) as {
    client_email: string;
    private_key: string;
    token_uri: string;
  };
  const iat = Math.floor(Date.now() / 1000);
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc({ iss: sa.client_email, scope: 'https://www.googleapis.com/auth/analytics.readonly', aud: sa.token_uri, iat, exp: iat + 3600 })}`;
  const assertion = `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(sa.private_key).toString('base64url')}`;
  const tokenAnswer = (await (
    await fetch(sa.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    })
  ).json()) as { access_token: string };
  const body = JSON.stringify({
    dateRanges: [{ startDate: demo.store.config.startDate, endDate: 'today' }],
    dimensions: [{ name: 'date' }, { name: 'sessionDefaultChannelGroup' }],
    metrics: [{ name: 'sessions' }, { name: 'totalRevenue' }, { name: 'keyEvents' }],
  });
  const times: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const t = performance.now();
    await (
      await fetch(`${demo.baseUrls.ga4}/v1beta/properties/${demo.credentials.ga4.propertyId}:runReport`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenAnswer.access_token}` },
        body,
      })
    ).json();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`ga4 runReport (whole range by date × channel): median ${times[5]!.toFixed(0)} ms\n`);
  const token = demo.credentials.meta.accessToken;
  const proof = createHmac('sha256', demo.credentials.meta.appSecret).update(token).digest('hex');
  const metaTimes: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const t = performance.now();
    await (
      await fetch(
        `${demo.baseUrls.meta}/v26.0/${demo.credentials.meta.adAccountId}/insights?level=campaign&date_preset=maximum&time_increment=1&limit=500&fields=campaign_id,spend,actions&access_token=${token}&appsecret_proof=${proof}`,
      )
    ).json();
    metaTimes.push(performance.now() - t);
  }
  metaTimes.sort((a, b) => a - b);
  process.stdout.write(
    `meta insights (daily by campaign, 500 rows): median ${metaTimes[5]!.toFixed(0)} ms\n`,
  );
}

await demo.close();
