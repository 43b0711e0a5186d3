// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@web/lib/query-client.ts';
import { renderInDocument, textOf } from '@web/testing/render.tsx';
import { settleRequests } from '@web/testing/requests.ts';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CursorTrackingPage } from './cursor-tracking-page.tsx';
import { DELETE_CONFIRM_TEXT } from './manage-websites.tsx';

/**
 * The page against a fake API at the network boundary (fetch): the spec's texts, formats, empty
 * states, validation and the 'HTTP error! status: N' rule. The real server is covered by
 * test/tracking/*.test.ts and the browser test.
 */
type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;
let handler: Handler;
const calls: { method: string; path: string; body?: string }[] = [];
let cleanup: (() => void) | undefined;
let client = createQueryClient();

const site = {
  id: '6f7d3c9e-2a55-4c1b-9a4e-0e2b1f3c4d5e',
  websiteName: 'Shop A',
  websiteUrl: 'https://shop-a.example',
  trackingId: 'trk_abc',
  apiKey: 'utk_key',
  isActive: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const emptyStats = {
  totalSessions: 0,
  totalEvents: 0,
  averageSessionDuration: 0,
  clickThroughRate: 0,
  mostActivePages: [],
};

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({
        method: init?.method ?? 'GET',
        path: url.pathname + url.search,
        body: init?.body as string,
      });
      const answer = handler(url, init);
      if (answer) return answer;
      if (url.pathname === '/api/cursor-tracking/statistics') return json(emptyStats);
      if (url.pathname === '/api/cursor-tracking/clicks')
        return json({ totalClicks: 0, uniqueElements: 0, clicksByElement: [] });
      if (url.pathname === '/api/cursor-tracking/heatmap')
        return json({ heatmapData: [], maxY: 0, scaleMax: 0, pages: [] });
      if (url.pathname === '/api/cursor-tracking/sessions') return json({ sessions: [], activeCount: 0 });
      if (url.pathname === '/api/tracking-configurations') return json([]);
      return json({ message: 'nope', code: 'not_found' }, 404);
    }),
  );
});
afterEach(async () => {
  // A refetch or invalidation still running would otherwise reach the real fetch (no server here).
  await settleRequests(client);
  cleanup?.();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage(path = '/cursor-tracking') {
  const { hook, searchHook } = memoryLocation({ path });
  client = createQueryClient();
  const rendered = await renderInDocument(
    <QueryClientProvider client={client}>
      <Router hook={hook} searchHook={searchHook}>
        <CursorTrackingPage />
      </Router>
    </QueryClientProvider>,
  );
  cleanup = rendered.unmount;
  await settle();
  return rendered.container;
}
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
const button = (container: HTMLElement, text: string) =>
  [...container.ownerDocument.querySelectorAll('button')].find(
    (b) => textOf(b) === text,
  ) as HTMLButtonElement;
async function click(element: Element) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    element.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    (element as HTMLElement).click();
  });
  await settle();
}
async function openTab(container: HTMLElement, name: string) {
  const tab = [...container.querySelectorAll('[role="tab"]')].find((t) => textOf(t) === name)!;
  await act(async () => {
    tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    tab.dispatchEvent(new FocusEvent('focus'));
  });
  await settle();
}

describe('Cursor Tracking page (spec §2)', () => {
  it('shows the dashboard stat cards with the spec formats and the tracking toggle', async () => {
    handler = (url) =>
      url.pathname === '/api/cursor-tracking/statistics'
        ? json({
            ...emptyStats,
            totalSessions: 3,
            totalEvents: 42,
            averageSessionDuration: 125_000,
            clickThroughRate: 66.666,
          })
        : undefined;
    const container = await renderPage();
    const text = textOf(container);
    for (const label of [
      'Analytics Dashboard',
      'Manage Websites',
      'Total Sessions',
      'Total Events',
      'Avg Session Duration',
      'Click Through Rate',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('2m 5s');
    expect(text).toContain('66.7%');
    expect(text).toContain('Tracking Inactive');
    await click(button(container, 'Start Tracking'));
    expect(textOf(container)).toContain('Tracking Active');
    await click(button(container, 'Stop Tracking'));
    expect(textOf(container)).toContain('Tracking Inactive');
  });

  it('honours ?trackingId= in every read', async () => {
    handler = () => undefined;
    await renderPage('/cursor-tracking?trackingId=trk_abc');
    const reads = calls.filter((c) => c.path.startsWith('/api/cursor-tracking/'));
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read.path).toContain('trackingId=trk_abc');
  });

  it('shows the heatmap empty state', async () => {
    handler = () => undefined;
    const container = await renderPage();
    await openTab(container, 'Heatmap');
    expect(textOf(container)).toContain('No heatmap data available');
    expect(textOf(container)).toContain('Start tracking to see user interactions');
  });

  it('draws red dots with intensity as opacity', async () => {
    handler = (url) =>
      url.pathname === '/api/cursor-tracking/heatmap'
        ? json({
            heatmapData: [
              { x: 50.5, y: 200, intensity: 1, count: 4 },
              { x: 10.5, y: 40, intensity: 0.5, count: 2 },
            ],
            maxY: 200,
            scaleMax: 4,
            pages: ['https://shop-a.example/'],
          })
        : undefined;
    const container = await renderPage();
    await openTab(container, 'Heatmap');
    const dots = [...container.querySelectorAll<HTMLElement>('[data-testid="heatmap-point"]')];
    expect(dots.map((d) => [d.style.left, d.style.opacity])).toEqual([
      ['50.5%', '1'],
      ['10.5%', '0.5'],
    ]);
  });

  it('lists no websites, validates the Add Website dialog and creates one', async () => {
    let created = false;
    handler = (url, init) => {
      if (url.pathname !== '/api/tracking-configurations') return undefined;
      if (init?.method === 'POST') {
        created = true;
        return json(site, 201);
      }
      return json(created ? [site] : []);
    };
    const container = await renderPage();
    await openTab(container, 'Manage Websites');
    expect(textOf(container)).toContain('No websites tracked yet');
    await click(button(container, 'Add Website'));
    const doc = container.ownerDocument;
    await click(button(container, 'Create'));
    expect(textOf(doc.body)).toContain('Website name is required');
    expect(textOf(doc.body)).toContain('Website URL is required');
    const type = async (id: string, value: string) => {
      const input = doc.getElementById(id) as HTMLInputElement;
      await act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    await type('website-name', 'Shop A');
    await type('website-url', 'not a url');
    await click(button(container, 'Create'));
    expect(textOf(doc.body)).toContain('Website URL must be a valid http(s) URL');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await type('website-url', 'https://shop-a.example');
    await click(button(container, 'Create'));
    expect(calls.find((c) => c.method === 'POST')?.body).toBe(
      JSON.stringify({ websiteName: 'Shop A', websiteUrl: 'https://shop-a.example' }),
    );
    expect(textOf(container)).toContain('Shop A');
    expect(textOf(container)).toContain('trk_abc');
    expect(textOf(container)).toContain('Active');
  });

  it("asks the spec's confirm text before deleting", async () => {
    handler = (url, init) => {
      if (url.pathname === '/api/tracking-configurations') return json([site]);
      if (url.pathname.startsWith('/api/tracking-configurations/') && init?.method === 'DELETE')
        return json({}, 500);
      return undefined;
    };
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const container = await renderPage();
    await openTab(container, 'Manage Websites');
    await openTab(container, 'Settings');
    expect(button(container, 'Disable Tracking')).toBeTruthy();
    await click(button(container, 'Delete'));
    expect(confirm).toHaveBeenCalledWith(DELETE_CONFIRM_TEXT);
    expect(DELETE_CONFIRM_TEXT).toBe('Are you sure you want to delete this tracking configuration?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it("shows 'HTTP error! status: N' when the website list fails", async () => {
    handler = (url) =>
      url.pathname === '/api/tracking-configurations' ? json({ message: 'x' }, 503) : undefined;
    const container = await renderPage();
    await openTab(container, 'Manage Websites');
    expect(textOf(container)).toContain('HTTP error! status: 503');
  });
});
