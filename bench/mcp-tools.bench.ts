/**
 * Ask Upside (issue 42): `tools/call` latency over Streamable HTTP on the connected demo store,
 * driven by the official SDK 1.x client as an MCP client would (goal: p95 < 200 ms). Each round
 * calls every tool once with the Dashboard's 30-day window; the first round (cold caches) is
 * printed apart. Database: DATABASE_URL (fresh test database) or in-memory PGlite.
 * Options: BENCH_ROUNDS (default 10).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startConnectedDemoApp } from '../test/support/start-demo-app.ts';
import { load } from './support/load-average.ts';
import { latencySummary } from './support/percentile.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const { app, owner } = await startConnectedDemoApp();
try {
  const created = await app.request('/api/tokens', {
    method: 'POST',
    cookie: owner,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  const { token } = (await created.json()) as { token: string };
  const kpis = (await (await app.request('/api/dashboard/kpis?period=30', { cookie: owner })).json()) as {
    current: { start: string; end: string };
  };
  const { start: from, end: to } = kpis.current;
  const client = new Client({ name: 'upside-bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', app.baseUrl), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  const argsOf: Record<string, Record<string, unknown>> = {
    get_profit: { from, to },
    get_product_contribution: { from, to },
    get_funnel: { from, to },
    lookup_order: { order: '#1001' },
  };
  const { tools } = await client.listTools();
  const round = async () => {
    const latencies: number[] = [];
    for (const tool of tools) {
      const started = performance.now();
      await client.callTool({ name: tool.name, arguments: argsOf[tool.name] ?? {} });
      latencies.push(performance.now() - started);
    }
    return latencies;
  };
  const cold = await round();
  const warm: number[] = [];
  for (let index = 0; index < rounds; index += 1) warm.push(...(await round()));
  console.log(`tools/call over POST /mcp, ${tools.length} tools on the demo store (load ${load()})`);
  console.log(`  first round (cold): ${latencySummary(cold)}`);
  console.log(`  next ${rounds} rounds:    ${latencySummary(warm)}`);
  await client.close();
} finally {
  await app.close();
}
