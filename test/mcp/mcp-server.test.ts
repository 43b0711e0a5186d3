import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenAiEmulator,
  type ScriptedToolCall,
  startOpenAiEmulator,
} from '../../src/demo/emulators/openai/app.ts';
import { addDays, localDayOf } from '../../src/shared/calendar.ts';
import { upsideCommand } from '../support/compiled-app.ts';
import type { DemoTestApp } from '../support/start-demo-app.ts';
import { startConnectedDemoApp } from '../support/start-demo-app.ts';
import { REPOSITORY_ROOT } from '../support/upside-process.ts';

/**
 * Ask Upside (issue 42) over both transports, driven by the official SDK 1.x client against the
 * connected demo store: the handshake, the tool list, every figure equal to the API's for the same
 * window, and the precise errors. The demo is connected once for the whole file.
 */
let app: DemoTestApp;
let owner: string;
let token: string;
let http: Client;
/** The Dashboard's last 30 days: the window the range tools are asked about. */
let window30: { start: string; end: string };
/** The owner's model for the Ask panel: a scripted chat-completions server over real HTTP. */
let model: OpenAiEmulator;
const LLM_KEY = 'sk-local-test';
/** The calls the scripted model makes for the profit question, filled once the window is known. */
const profitCalls: ScriptedToolCall[] = [];

async function createToken(cookie: string, name: string): Promise<{ id: string; token: string }> {
  const response = await app.request('/api/tokens', {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; token: string };
}

function httpTransport(bearer: string | null): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL('/mcp', app.baseUrl), {
    requestInit: bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {},
  });
}

async function connectHttp(bearer: string | null): Promise<Client> {
  const client = new Client({ name: 'upside-test', version: '1.0.0' });
  await client.connect(httpTransport(bearer));
  return client;
}

/** The API's answer with the token, as any script would read it. */
async function api(path: string, bearer = token): Promise<unknown> {
  const response = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status, path).toBe(200);
  return response.json();
}

/** A tool's structured answer (the call must succeed). */
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  return result.structuredContent as { data: unknown; window: unknown; currency: unknown; source: string };
}

/** The text of a resource's first content. */
function textOf(contents: Array<{ text: string } | { blob: string }>): string {
  const [first] = contents;
  return first && 'text' in first ? first.text : '';
}

/** The value at a dotted path ('totals.netProfit', 'campaigns.0.name'). */
function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

beforeAll(async () => {
  model = await startOpenAiEmulator({
    apiKey: LLM_KEY,
    rules: [
      {
        pattern: /net profit/i,
        calls: profitCalls,
        answer: ([profit, kpis]) =>
          `Net profit was ${String(at(profit, 'data.totals.netProfit'))} ${String(at(profit, 'currency'))}; net revenue ${String(at(kpis, 'data.kpis.revenue.current'))} ${String(at(kpis, 'data.currency'))}.`,
      },
      {
        pattern: /last month/i,
        calls: [{ name: 'get_profit', arguments: { from: 'last month', to: 'today' } }],
        answer: ([refusal]) => `The tool said: ${String(at(refusal, 'error'))}`,
      },
    ],
  });
  ({ app, owner } = await startConnectedDemoApp(7, {
    LLM_BASE_URL: model.baseUrl,
    LLM_MODEL: 'qwen2.5-7b-instruct',
    LLM_API_KEY: LLM_KEY,
  }));
  token = (await createToken(owner, 'mcp test')).token;
  http = await connectHttp(token);
  const kpis = (await api('/api/dashboard/kpis?period=30')) as { current: { start: string; end: string } };
  window30 = kpis.current;
  profitCalls.push(
    { name: 'get_profit', arguments: { from: window30.start, to: window30.end } },
    { name: 'get_kpis', arguments: {} },
  );
}, 600_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await model?.close();
});

describe('Streamable HTTP at POST /mcp', () => {
  it('answers initialize (2025-11-25) and server/discover, and lists ≥ 15 read-only tools with input schemas', async () => {
    expect(http.getServerVersion()?.name).toBe('upside');
    expect(http.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    const { tools } = await http.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(15);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    expect(tools.find((tool) => tool.name === 'get_profit')?.inputSchema.required).toEqual(['from', 'to']);
    const discover = await fetch(`${app.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
    });
    const body = (await discover.json()) as {
      result: { supportedVersions: string[]; serverInfo: { name: string } };
    };
    expect(body.result.supportedVersions).toContain('2025-11-25');
    expect(body.result.serverInfo.name).toBe('upside');
  });

  it('speaks revision 2026-07-28 without a handshake: discover, tools/list and tools/call with checked headers', async () => {
    const REVISION = '2026-07-28';
    /** One stateless POST: the revision's headers from the body unless `headers` overrides them. */
    const post = async (
      body: { id?: number; method: string; params?: Record<string, unknown> },
      headers: Record<string, string> = {},
    ) => {
      const params = {
        ...body.params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': REVISION,
          'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
        },
      };
      const target = (body.params?.name ?? body.params?.uri) as string | undefined;
      const response = await fetch(`${app.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': REVISION,
          'mcp-method': body.method,
          ...(target ? { 'mcp-name': target } : {}),
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', ...body, params }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    };
    const discover = await post({ id: 1, method: 'server/discover' });
    expect(discover.status).toBe(200);
    expect(at(discover.body, 'result.latestVersion')).toBe(REVISION);
    expect(at(discover.body, 'result.supportedVersions')).toEqual(
      expect.arrayContaining([REVISION, '2025-11-25']),
    );
    expect(at(discover.body, 'result.resultType')).toBe('complete');
    const listed = await post({ id: 2, method: 'tools/list' });
    expect(at(listed.body, 'result.tools.length')).toBeGreaterThanOrEqual(15);

    const { start: from, end: to } = window30;
    const profit = await post({
      id: 3,
      method: 'tools/call',
      params: { name: 'get_profit', arguments: { from, to } },
    });
    expect(profit.status).toBe(200);
    expect(at(profit.body, 'result.structuredContent.data')).toEqual(
      await api(`/api/profit?from=${from}&to=${to}`),
    );

    // Headers that disagree with the body, a removed handshake, an unknown method, an unknown version.
    const wrongName = await post(
      { id: 4, method: 'tools/call', params: { name: 'get_profit', arguments: { from, to } } },
      { 'mcp-name': 'get_kpis' },
    );
    expect(wrongName.status).toBe(400);
    expect(at(wrongName.body, 'error.message')).toMatch(/HeaderMismatch: Mcp-Name \(get_kpis\)/);
    expect((await post({ id: 5, method: 'tools/list' }, { 'mcp-method': 'prompts/list' })).status).toBe(400);
    const handshake = await post({ id: 6, method: 'initialize', params: {} });
    expect(handshake.status).toBe(404);
    expect(at(handshake.body, 'error.code')).toBe(-32601);
    expect(at((await post({ id: 7, method: 'no/such/method' })).body, 'error.code')).toBe(-32601);
    const future = await post({ id: 8, method: 'tools/list' }, { 'mcp-protocol-version': '2099-01-01' });
    expect(future.status).toBe(400);
    expect(at(future.body, 'error')).toMatchObject({ code: -32022, data: { requested: '2099-01-01' } });
    expect(at(future.body, 'error.data.supported')).toContain(REVISION);
    // A notification is accepted without a body.
    const note = await post({ method: 'notifications/cancelled', params: { requestId: 1 } });
    expect(note).toEqual({ status: 202, body: null });
  });

  it('get_profit returns the same lines as GET /api/profit for the same window, to the cent', async () => {
    const { start: from, end: to } = window30;
    const expected = await api(`/api/profit?from=${from}&to=${to}&compare=previous_period`);
    const answer = await call(http, 'get_profit', { from, to, compare: 'previous_period' });
    expect(answer.data).toEqual(expected);
    expect(answer.window).toMatchObject({ from, to });
    expect(answer.currency).toBe(at(expected, 'currency'));
    expect(at(answer.data, 'totals.netProfit')).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('answers 30 questions with the figures the API gives for the same question, 30/30', async () => {
    const { start: from, end: to } = window30;
    const from7 = addDays(to, -6);
    const from90 = addDays(to, -89);
    const profit = `/api/profit?from=${from}&to=${to}`;
    const questions: Array<
      [question: string, tool: string, args: Record<string, unknown>, endpoint: string, figure: string]
    > = [
      [
        'What was my net profit over the last 30 days?',
        'get_profit',
        { from, to },
        profit,
        'totals.netProfit',
      ],
      ['What was my contribution margin?', 'get_profit', { from, to }, profit, 'totals.contributionMargin'],
      ['How much did I sell, gross?', 'get_profit', { from, to }, profit, 'totals.grossSales'],
      ['How much did discounts cost me?', 'get_profit', { from, to }, profit, 'totals.discounts'],
      ['How much was returned?', 'get_profit', { from, to }, profit, 'totals.returns'],
      ['What were my costs of goods?', 'get_profit', { from, to }, profit, 'totals.cogs'],
      ['How much did I pay in payment fees?', 'get_profit', { from, to }, profit, 'totals.paymentFees'],
      ['What did marketing cost?', 'get_profit', { from, to }, profit, 'totals.marketing'],
      [
        'What was net profit the 30 days before?',
        'get_profit',
        { from, to, compare: 'previous_period' },
        `${profit}&compare=previous_period`,
        'comparison.totals.netProfit',
      ],
      [
        'What were net sales in the first week bucket?',
        'get_profit',
        { from, to, granularity: 'week' },
        `${profit}&granularity=week`,
        'series.0.netSales',
      ],
      [
        'What was my net revenue over the last 30 days?',
        'get_kpis',
        { from, to },
        '/api/dashboard/kpis?period=30',
        'kpis.revenue.current',
      ],
      [
        'How did revenue change against the 30 days before (%)?',
        'get_kpis',
        {},
        '/api/dashboard/kpis?period=30',
        'kpis.revenue.changePercent',
      ],
      [
        'How many orders did I get last week?',
        'get_kpis',
        { from: from7, to },
        '/api/dashboard/kpis?period=7',
        'kpis.orders.current',
      ],
      [
        'What was my average order value over 90 days?',
        'get_kpis',
        { from: from90, to },
        '/api/dashboard/kpis?period=90',
        'kpis.averageOrderValue.current',
      ],
      [
        'How many new customers in 30 days?',
        'get_kpis',
        { from, to },
        '/api/dashboard/kpis?period=30',
        'kpis.newCustomers.current',
      ],
      [
        'What was my blended ROAS?',
        'get_kpis',
        { from, to },
        '/api/dashboard/kpis?period=30',
        'kpis.roas.current',
      ],
      [
        'How much did I spend on ads?',
        'get_campaigns',
        { from, to },
        '/api/campaigns?period=30',
        'totals.spend',
      ],
      ['What is my MER?', 'get_campaigns', { from, to }, '/api/campaigns?period=30', 'mer'],
      [
        'Which campaign comes first, and what did it spend?',
        'get_campaigns',
        { from, to },
        '/api/campaigns?period=30',
        'campaigns.0.spend',
      ],
      [
        'What revenue does the first channel get credited?',
        'get_channel_attribution',
        { from, to },
        '/api/analytics/attribution?period=30',
        '0.revenue',
      ],
      [
        'How many joined orders does linear attribution cover?',
        'get_attribution',
        { from, to, model: 'linear' },
        '/api/attribution/first-party?period=30&model=linear',
        'joinedOrders',
      ],
      [
        'What is the top opportunity’s profit impact?',
        'get_opportunities',
        { sort: 'profit' },
        '/api/opportunities?sort=profit',
        '0.profitImpactMax',
      ],
      [
        'How many customers are in the first segment?',
        'get_customer_segments',
        {},
        '/api/customers/summary',
        'segments.0.customers',
      ],
      [
        'What is that segment’s churn probability?',
        'get_customer_segments',
        {},
        '/api/customers/summary',
        'segments.0.averageChurnProbability',
      ],
      [
        'What is the first cohort week’s retention?',
        'get_cohorts',
        {},
        '/api/analytics/cohort-retention',
        '0.retentionRate',
      ],
      [
        'What revenue is forecast for the first day ahead?',
        'get_forecast',
        {},
        '/api/analytics/revenue-forecast',
        'forecast.0.value',
      ],
      [
        'How much did the worst stock-out cost?',
        'get_stockouts',
        {},
        '/api/analytics/stock-impact',
        '0.estimatedLoss',
      ],
      [
        'What contribution did my best product make?',
        'get_product_contribution',
        { from, to },
        `/api/products/profit?from=${from}&to=${to}`,
        'products.0.contribution',
      ],
      [
        'How many tracked sessions are there?',
        'get_heatmap_summary',
        {},
        '/api/cursor-tracking/statistics',
        'totalSessions',
      ],
      ['How many alerts fired?', 'get_alerts', {}, '/api/alerts', 'alerts.length'],
    ];
    expect(questions).toHaveLength(30);
    // Questions on the same endpoint, or the same tool with the same arguments, share one answer
    // (read-only: asking twice gives the same figures); each question's figure is still compared.
    const answers = new Map<string, Promise<unknown>>();
    const once = (key: string, read: () => Promise<unknown>) => {
      const known = answers.get(key) ?? read();
      answers.set(key, known);
      return known;
    };
    const results = [];
    for (const [question, tool, args, endpoint, figure] of questions) {
      const expected = at(await once(endpoint, () => api(endpoint)), figure);
      const toolKey = `${tool} ${JSON.stringify(args)}`;
      const actual = at(await once(toolKey, async () => (await call(http, tool, args)).data), figure);
      results.push({
        question,
        expected,
        actual,
        equal: expected !== undefined && Object.is(actual, expected),
      });
    }
    expect(results.filter((result) => !result.equal)).toEqual([]);
    // The table asks about real figures, not absent ones.
    expect(results.filter((result) => result.expected === null).length).toBeLessThanOrEqual(3);
  });

  it('answers get_kpis and get_campaigns for any range, as their endpoints do (issue #36)', async () => {
    // 10 days ending 3 days before the last complete day: no 7/30/90-day window of the pages.
    const to = addDays(window30.end, -3);
    const from = addDays(to, -9);
    const range = `from=${from}&to=${to}`;
    for (const [tool, endpoint, figure] of [
      ['get_kpis', `/api/dashboard/kpis?${range}`, 'kpis.revenue.current'],
      ['get_kpis', `/api/dashboard/kpis?${range}`, 'kpis.orders.previous'],
      ['get_campaigns', `/api/campaigns?${range}`, 'totals.spend'],
    ] as const) {
      const answer = await call(http, tool, { from, to });
      expect(at(answer.data, figure), `${tool} ${figure}`).toEqual(at(await api(endpoint), figure));
      expect(at(answer.window, 'from')).toBe(from);
      expect(at(answer.window, 'to')).toBe(to);
      expect(at(answer.window, 'previousTo')).toBe(addDays(from, -1));
    }
  });

  it('explain_change states the window and revenue of the AI Insights page', async () => {
    const expected = (await api('/api/insights?period=30')) as { revenue: unknown; asOf: string };
    const answer = await call(http, 'explain_change', {});
    expect(at(answer.data, 'revenue')).toEqual(expected.revenue);
    expect(at(answer.window, 'to')).toBe(expected.asOf);
  });

  it('serves the metric definitions and the store profile as resources, and the three prompts', async () => {
    const { resources } = await http.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([
      'upside://definitions/metrics',
      'upside://store/profile',
    ]);
    const profile = await http.readResource({ uri: 'upside://store/profile' });
    const kpis = (await api('/api/dashboard/kpis?period=30')) as { currency: string; timeZone: string };
    expect(JSON.parse(textOf(profile.contents))).toMatchObject({
      currency: kpis.currency,
      timeZone: kpis.timeZone,
    });
    const definitions = await http.readResource({ uri: 'upside://definitions/metrics' });
    expect(textOf(definitions.contents)).toContain('get_profit');
    const { prompts } = await http.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual([
      'weekly_review',
      'why_did_it_change',
      'where_am_i_losing_money',
    ]);
    const why = await http.getPrompt({ name: 'why_did_it_change', arguments: { metric: 'net revenue' } });
    expect(JSON.stringify(why.messages)).toContain('net revenue');
  });

  it('refuses an unknown tool, invalid arguments and a range past three years with -32602 naming the tool or field', async () => {
    const refusal = async (name: string, args: Record<string, unknown>) => {
      const error = await http.callTool({ name, arguments: args }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      return (error as McpError).message;
    };
    expect(await refusal('drop_tables', {})).toContain('Unknown tool: drop_tables');
    expect(await refusal('get_profit', { from: 'last week', to: window30.end })).toContain(
      'from: expected a date YYYY-MM-DD',
    );
    expect(await refusal('get_profit', { from: window30.start })).toMatch(/to: /);
    expect(await refusal('get_profit', { from: '2020-01-01', to: '2023-01-02' })).toContain(
      'to: the range from from to to may span at most 1096 days (three years)',
    );
    const dayEarlier = { from: addDays(window30.start, -1), to: addDays(window30.end, -1) };
    // A figure the analysis computes for its own windows only refuses another range, naming it.
    expect(await refusal('get_channel_attribution', dayEarlier)).toContain(
      `to: this figure's 30-day window ends on ${window30.end}`,
    );
    expect(await refusal('get_kpis', { from: window30.start, to: window30.end, shop: 'other' })).toContain(
      'shop',
    );
  });

  it('answers no token, a forged token and a revoked token with HTTP 401, never data', async () => {
    await expect(connectHttp(null)).rejects.toMatchObject({ code: 401 });
    await expect(connectHttp(`upside_${'A'.repeat(43)}`)).rejects.toMatchObject({ code: 401 });
    const revoked = await createToken(owner, 'revoked');
    const client = await connectHttp(revoked.token);
    const deleted = await app.request(`/api/tokens/${revoked.id}`, { method: 'DELETE', cookie: owner });
    expect(deleted.status).toBe(204);
    const { start: from, end: to } = window30;
    await expect(client.callTool({ name: 'get_profit', arguments: { from, to } })).rejects.toMatchObject({
      code: 401,
    });
  });

  it('a token of another workspace reads only its own store, never this one', async () => {
    const stranger = await app.signIn('stranger@example.com', 'Sam');
    const foreign = await connectHttp((await createToken(stranger, 'foreign')).token);
    const mine = await call(http, 'get_profit', { from: window30.start, to: window30.end });
    const theirs = await call(foreign, 'get_profit', { from: window30.start, to: window30.end });
    expect(at(mine.data, 'hasData')).toBe(true);
    expect(at(theirs.data, 'hasData')).toBe(false);
    expect(at(theirs.data, 'totals.netProfit')).toBe('0.00');
    await foreign.close();
  });
});

describe('stdio: npx upside mcp --token', () => {
  const spawnCli = async (bearer: string) =>
    new StdioClientTransport({
      command: process.execPath,
      args: await upsideCommand(['mcp', '--token', bearer, '--url', app.baseUrl]),
      cwd: REPOSITORY_ROOT,
      stderr: 'pipe',
    });

  it('answers initialize, tools/list and tools/call with the app’s figures', async () => {
    const client = new Client({ name: 'upside-stdio-test', version: '1.0.0' });
    await client.connect(await spawnCli(token));
    try {
      expect(client.getServerVersion()?.name).toBe('upside');
      expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(15);
      const { start: from, end: to } = window30;
      const answer = await call(client, 'get_profit', { from, to });
      expect(answer.data).toEqual(await api(`/api/profit?from=${from}&to=${to}`));
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a revoked token is a JSON-RPC error naming the 401, never data', async () => {
    const client = new Client({ name: 'upside-stdio-test', version: '1.0.0' });
    const error = await client.connect(await spawnCli(`upside_${'B'.repeat(43)}`)).then(
      () => null,
      (caught: unknown) => caught,
    );
    await client.close();
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).message).toContain('Upside refused the API token (HTTP 401)');
  }, 60_000);
});

describe('the Ask panel: POST /api/ask with the owner’s OpenAI-compatible model', () => {
  const ask = (question: string, cookie = owner) =>
    app.request('/api/ask', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });

  it('loops over the model’s tool calls and answers with the tools’ figures, each call shown', async () => {
    const config = await app.request('/api/ask/config', { cookie: owner });
    expect(await config.json()).toMatchObject({ configured: true, model: 'qwen2.5-7b-instruct' });
    const sent = model.received.length;
    const response = await ask('What was my net profit and revenue over the last 30 days?');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      answer: string;
      toolCalls: Array<{
        name: string;
        result: { data: unknown; window: unknown } | null;
        error: string | null;
      }>;
    };
    const { start: from, end: to } = window30;
    const profit = await api(`/api/profit?from=${from}&to=${to}`);
    const kpis = await api('/api/dashboard/kpis?period=30');
    expect(body.toolCalls.map((call) => call.name)).toEqual(['get_profit', 'get_kpis']);
    expect(body.toolCalls[0]?.result?.data).toEqual(profit);
    expect(body.toolCalls[1]?.result?.window).toMatchObject({ from, to });
    expect(body.answer).toBe(
      `Net profit was ${String(at(profit, 'totals.netProfit'))} ${String(at(profit, 'currency'))}; net revenue ${String(at(kpis, 'kpis.revenue.current'))} ${String(at(kpis, 'currency'))}.`,
    );
    // Two completions: the tool calls, then the answer after both tool messages (wire checked by the emulator).
    const requests = model.received.slice(sent) as Array<{
      tools: unknown[];
      messages: Array<{ role: string }>;
    }>;
    expect(requests).toHaveLength(2);
    expect(requests[0]?.tools.length).toBeGreaterThanOrEqual(15);
    expect(requests[1]?.messages.filter((message) => message.role === 'tool')).toHaveLength(2);
  });

  it("tells the model today's date as a shop day, not the UTC date", async () => {
    const { timeZone } = (await api('/api/dashboard/kpis?period=30')) as { timeZone: string };
    const realClock = app.server.deps.clock;
    const base = realClock().toISOString().slice(0, 10);
    // An instant of the same UTC date whose day at the store is another one (evening west of UTC,
    // early morning east of it).
    const instant = [`${base}T00:30:00Z`, `${base}T23:30:00Z`]
      .map((text) => new Date(text))
      .find((at) => localDayOf(at, timeZone) !== base);
    expect(instant, `no instant of ${base} is another day in ${timeZone}`).toBeDefined();
    if (!instant) return;
    app.server.deps.clock = () => instant;
    const sent = model.received.length;
    try {
      expect((await ask('What was my net profit and revenue over the last 30 days?')).status).toBe(200);
    } finally {
      app.server.deps.clock = realClock;
    }
    const [first] = model.received.slice(sent) as Array<{
      messages: Array<{ role: string; content: string }>;
    }>;
    const system = first?.messages.find((message) => message.role === 'system')?.content ?? '';
    expect(system).toContain(`Today is ${localDayOf(instant, timeZone)}.`);
    expect(system).not.toContain(`Today is ${base}.`);
  });

  it('hands invalid tool arguments back to the model as an error naming the field', async () => {
    const body = (await (await ask('What did I make last month?')).json()) as {
      answer: string;
      toolCalls: Array<{ error: string | null; result: unknown }>;
    };
    expect(body.toolCalls[0]?.result).toBeNull();
    expect(body.toolCalls[0]?.error).toContain('from: expected a date YYYY-MM-DD');
    expect(body.answer).toContain('from: expected a date YYYY-MM-DD');
  });

  it('without a configured model, says how to configure one', async () => {
    // The same app with the model's settings absent, as `loadEnv` reads them without LLM_BASE_URL and
    // LLM_MODEL (src/server/env.test.ts checks that reading): no second app and database to start.
    const realEnv = app.server.deps.env;
    app.server.deps.env = { ...realEnv, llm: undefined };
    try {
      const cookie = await app.signIn('solo@example.com', 'Solo');
      const config = (await (await app.request('/api/ask/config', { cookie })).json()) as {
        configured: boolean;
        setup: string;
      };
      expect(config.configured).toBe(false);
      expect(config.setup).toContain('LLM_BASE_URL');
      const refused = await ask('How am I doing?', cookie);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'assistant_not_configured' });
    } finally {
      app.server.deps.env = realEnv;
    }
  });
});
