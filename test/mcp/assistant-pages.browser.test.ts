import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, it } from 'vitest';
import { type OpenAiEmulator, startOpenAiEmulator } from '../../src/demo/emulators/openai/app.ts';
import { useAppInBrowser } from '../support/app-in-browser.ts';
import { describeInBrowser } from '../support/browser.ts';
import { type ConnectedDemoApp, signInAsDemoOwner } from '../support/demo-store-in-browser.ts';
import { startConnectedDemoApp } from '../support/start-demo-app.ts';

const POLL = { timeout: 60_000 };
const LLM_KEY = 'sk-browser-test';

/** The window the scripted model asks about: the Dashboard's last 30 complete days, read at start. */
const window30 = { from: '', to: '' };
let model: OpenAiEmulator;

/** The value at a dotted path ('data.totals.netProfit'). */
function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

/**
 * Ask Upside (issue 42) as the owner meets it in the app, in Chromium on the connected demo store:
 * /profile's "Connect an AI assistant" creates a read-only token and shows an MCP configuration that
 * a real MCP client (the SDK 1.x) can use as shown, with the app's own figures; the Ask panel on
 * /insights sends a question to the owner's OpenAI-compatible model (an emulator of the
 * chat-completions wire format over real HTTP), and shows its answer beside each tool call with the
 * call's window.
 */
describeInBrowser('the assistant surfaces in the app', () => {
  const setup = useAppInBrowser<ConnectedDemoApp>(async () => {
    model = await startOpenAiEmulator({
      apiKey: LLM_KEY,
      rules: [
        {
          pattern: /net profit/i,
          calls: [{ name: 'get_profit', arguments: window30 }],
          answer: ([profit]) =>
            `Net profit was ${String(at(profit, 'data.totals.netProfit'))} ${String(at(profit, 'currency'))} from ${String(at(profit, 'window.from'))} to ${String(at(profit, 'window.to'))}.`,
        },
      ],
    });
    const { app, owner, ownerSetCookie, workspaceId } = await startConnectedDemoApp(7, {
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'qwen2.5-7b-instruct',
      LLM_API_KEY: LLM_KEY,
    });
    const kpis = (await (await app.request('/api/dashboard/kpis?period=30', { cookie: owner })).json()) as {
      current: { start: string; end: string };
    };
    window30.from = kpis.current.start;
    window30.to = kpis.current.end;
    const closeApp = app.close.bind(app);
    return Object.assign(app, {
      ownerCookie: owner,
      ownerSetCookie,
      workspaceId,
      async close() {
        await closeApp();
        await model.close();
      },
    });
  });

  it('shows an MCP configuration with a fresh read-only token that an MCP client can use as shown', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInAsDemoOwner(page, app, '/profile');
    await page.getByRole('button', { name: 'Create a read-only token and show the configuration' }).click();
    const shown = await page.getByTestId('mcp-config').textContent({ timeout: POLL.timeout });
    const config = JSON.parse(shown ?? '') as {
      mcpServers: { upside: { command: string; args: string[] } };
    };
    const { command, args } = config.mcpServers.upside;
    expect(command).toBe('npx');
    expect(args.slice(0, 2)).toEqual(['upside', 'mcp']);
    const token = args[args.indexOf('--token') + 1] ?? '';
    const url = args[args.indexOf('--url') + 1] ?? '';
    expect(url).toBe(app.baseUrl);
    // The token is listed with the owner's tokens, and is read-only: it cannot write.
    const tokens = await page.evaluate(async () => (await fetch('/api/tokens')).json());
    expect(JSON.stringify(tokens)).toContain('AI assistant');
    const write = await fetch(`${app.baseUrl}/api/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'from the assistant token' }),
    });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(write.status).toBeLessThan(500);

    // An MCP client configured as shown reads the app's own figures with that token.
    const client = new Client({ name: 'upside-browser-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const result = await client.callTool({ name: 'get_profit', arguments: window30 });
      expect(result.isError).toBeFalsy();
      const profit = await page.evaluate(
        async (path) => (await fetch(path)).json(),
        `/api/profit?from=${window30.from}&to=${window30.to}`,
      );
      expect(at(result.structuredContent, 'data')).toEqual(profit);
    } finally {
      await client.close();
    }
  });

  it("answers a question on /insights with the owner's model, each tool call and its window beside it", async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInAsDemoOwner(page, app, '/insights');
    const panel = page.locator('#ask-upside');
    await expect.poll(() => panel.textContent(), POLL).toContain('Answered by qwen2.5-7b-instruct');
    await panel.getByLabel('Question').fill('What was my net profit over the last 30 days?');
    await panel.getByRole('button', { name: 'Ask' }).click();
    const answer = panel.getByTestId('ask-answer');
    await expect.poll(() => answer.count(), POLL).toBe(1);
    const profit = await page.evaluate(
      async (path) => (await fetch(path)).json(),
      `/api/profit?from=${window30.from}&to=${window30.to}`,
    );
    expect(await answer.textContent()).toBe(
      `Net profit was ${String(at(profit, 'totals.netProfit'))} ${String(at(profit, 'currency'))} from ${window30.from} to ${window30.to}.`,
    );
    const calls = panel.getByTestId('ask-tool-call');
    expect(await calls.count()).toBe(1);
    const call = (await calls.first().textContent()) ?? '';
    expect(call).toContain('get_profit(');
    expect(call).toContain(`${window30.from} to ${window30.to}`);
  });
});
