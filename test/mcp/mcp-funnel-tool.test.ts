import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutTruth } from '../../src/demo/checkout-truth.ts';
import type { Funnel, FunnelReport } from '../../src/shared/contracts/funnels.ts';
import type { DemoTestApp } from '../support/start-demo-app.ts';
import { startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Ask Upside's funnel tool (issues 40 and 42) on the connected demo, driven by the SDK 1.x client
 * over Streamable HTTP: `get_funnel` answers the same report as GET /api/funnels/:id/report for the
 * same window (the built-in checkout funnel, whose counts are the demo's planted checkouts, and a
 * saved funnel), states window, currency and definitions, and refuses bad arguments naming the field.
 */
describe('MCP get_funnel', () => {
  let app: DemoTestApp;
  let owner: string;
  let token: string;
  let client: Client;

  beforeAll(async () => {
    ({ app, owner } = await startConnectedDemoApp(7));
    const created = await app.request('/api/tokens', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'funnel tool' }),
    });
    expect(created.status).toBe(201);
    token = ((await created.json()) as { token: string }).token;
    client = new Client({ name: 'upside-funnel-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', app.baseUrl), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
  }, 600_000);
  afterAll(async () => {
    await client?.close();
    await app?.close();
  });

  const api = async (path: string) => {
    const response = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const callTool = async (args: Record<string, unknown>) => {
    const result = await client.callTool({ name: 'get_funnel', arguments: args });
    return result as { isError?: boolean; content: { text: string }[]; structuredContent?: unknown };
  };

  it('lists the tool with its input schema', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'get_funnel');
    expect(tool?.inputSchema.properties).toHaveProperty('funnel');
    expect(tool?.inputSchema.required).toEqual(expect.arrayContaining(['from', 'to']));
  });

  it('answers the checkout funnel as the API does, the planted checkouts at every step', async () => {
    const { startDate, endDate } = app.demo.groundTruth;
    const from = new Date(Date.parse(`${startDate}T12:00:00Z`) - 20 * 86_400_000).toISOString().slice(0, 10);
    const result = await callTool({ from, to: endDate });
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    const answer = result.structuredContent as {
      source: string;
      window: { from: string; to: string };
      currency: string;
      definitions: Record<string, string>;
      data: FunnelReport;
    };
    const viaApi = await api(`/api/funnels/checkout/report?from=${from}&to=${endDate}`);
    expect(viaApi.status).toBe(200);
    expect(answer.data).toEqual(viaApi.body);
    expect(answer.source).toBe(`/api/funnels/checkout/report?from=${from}&to=${endDate}`);
    expect(answer.window).toMatchObject({ from, to: endDate });
    expect(answer.currency).toBe(app.demo.store.shop.currencyCode);
    expect(Object.keys(answer.definitions)).toEqual(
      expect.arrayContaining(['window', 'steps', 'sessions', 'revenue', 'revenueShare', 'contribution']),
    );
    const truth = checkoutTruth(app.demo.store);
    expect(answer.data.steps.map((s) => s.sessions)).toEqual(truth.steps.map((s) => s.sessions));
  });

  it('answers a saved funnel by id, filtered by device, as the API does', async () => {
    // API tokens are read-only: the owner saves the funnel in the app.
    const response = await app.request('/api/funnels', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Started to paid',
        steps: [
          { kind: 'event', value: 'checkout_started' },
          { kind: 'event', value: 'checkout_completed' },
        ],
        windowMinutes: 120,
      }),
    });
    expect(response.status).toBe(201);
    const funnel = (await response.json()) as Funnel;
    const { endDate } = app.demo.groundTruth;
    const from = new Date(Date.parse(`${endDate}T12:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
    const result = await callTool({ funnel: funnel.id, from, to: endDate, device: 'mobile' });
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    const data = (result.structuredContent as { data: FunnelReport }).data;
    const viaApi = await api(`/api/funnels/${funnel.id}/report?from=${from}&to=${endDate}&device=mobile`);
    expect(data).toEqual(viaApi.body);
    expect(data.name).toBe('Started to paid');
    expect(data.steps[0]!.sessions).toBeGreaterThan(data.steps[1]!.sessions);
  });

  it('refuses bad arguments naming the field, and an unknown funnel', async () => {
    const refused = async (args: Record<string, unknown>) => {
      try {
        const result = await callTool(args);
        return result.isError ? result.content.map((c) => c.text).join(' ') : null;
      } catch (error) {
        return String(error);
      }
    };
    expect(await refused({ funnel: 'signup', from: '2026-01-01', to: '2026-01-31' })).toMatch(/funnel/);
    expect(await refused({ from: '2026-01-31', to: '2026-01-01' })).toMatch(/to|from/);
    expect(await refused({ from: '2020-01-01', to: '2026-01-01' })).toMatch(/to/);
    expect(await refused({ to: '2026-01-01' })).toMatch(/from/);
    expect(await refused({ from: '2026-01-01', to: '2026-01-31', device: 'watch' })).toMatch(/device/);
    expect(
      await refused({ funnel: '00000000-0000-4000-8000-000000000000', from: '2026-01-01', to: '2026-01-31' }),
    ).toMatch(/not found/i);
  });
});
