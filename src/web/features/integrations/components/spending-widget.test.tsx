// @vitest-environment happy-dom
import type { MetaSpending } from '@shared/contracts/meta.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { parseApiError } from '@web/lib/api-error.ts';
import { createQueryClient } from '@web/lib/query-client.ts';
import { renderInDocument, textOf } from '@web/testing/render.tsx';
import { holdRequests } from '@web/testing/requests.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { integrationKeys } from '../../../lib/integrations/use-integrations.ts';
import { SpendingWidget } from './spending-widget.tsx';

/**
 * The Spending widget's states (spec §2). Data and errors are put into the query cache as the API
 * would have answered, and the loading state's request never answers, so no request leaves the test
 * (no server runs behind a unit test's document).
 */
let cleanup: (() => void) | undefined;
let requested: string[] = [];
beforeEach(() => {
  requested = holdRequests();
});
afterEach(() => {
  cleanup?.();
  vi.unstubAllGlobals();
  expect(requested).toEqual([]);
});

async function renderWith(setup: (client: ReturnType<typeof createQueryClient>) => void, connected = true) {
  const client = createQueryClient();
  setup(client);
  const { container, unmount } = await renderInDocument(
    <QueryClientProvider client={client}>
      <SpendingWidget connected={connected} adAccountId="act_42" />
    </QueryClientProvider>,
  );
  cleanup = unmount;
  return container;
}

const spending: MetaSpending = {
  totalSpending: '1234.50',
  currency: 'EUR',
  period: 'October 2026',
  campaignCount: 4,
  platforms: [{ platform: 'meta', spend: '1234.50', campaignCount: 4 }],
  campaigns: [
    { platform: 'meta', name: 'A', spend: '600.00', status: 'ACTIVE' },
    { platform: 'meta', name: 'B', spend: '400.00', status: 'PAUSED' },
    { platform: 'meta', name: 'C', spend: '200.00', status: 'ACTIVE' },
    { platform: 'meta', name: 'D', spend: '34.50', status: 'ACTIVE' },
  ],
};

describe('SpendingWidget', () => {
  it('shows total, period, campaign count and the top 3 campaigns', async () => {
    const container = await renderWith((client) =>
      client.setQueryData(integrationKeys.metaSpending, spending),
    );
    const text = textOf(container);
    expect(text).toContain('€1,234.50');
    expect(text).toContain('October 2026');
    expect(text).toContain('4 campaigns');
    expect(text).toContain('Active');
    expect(text).toContain('Data from Meta Marketing API');
    expect(container.querySelectorAll('li')).toHaveLength(3);
    expect(text).not.toContain('D€');
  });

  it('says one campaign in the singular and defaults to USD', async () => {
    const container = await renderWith((client) =>
      client.setQueryData(integrationKeys.metaSpending, {
        ...spending,
        currency: '',
        campaignCount: 1,
        campaigns: [spending.campaigns[0]!],
      }),
    );
    expect(textOf(container)).toMatch(/1 campaign(?!s)/);
    expect(textOf(container)).toContain('$1,234.50');
  });

  it('shows each platform and the total when several ad platforms spent', async () => {
    const container = await renderWith((client) =>
      client.setQueryData(integrationKeys.metaSpending, {
        ...spending,
        totalSpending: '1500.00',
        campaignCount: 5,
        platforms: [
          { platform: 'meta', spend: '1234.50', campaignCount: 4 },
          { platform: 'tiktok_ads', spend: '265.50', campaignCount: 1 },
        ],
        campaigns: [
          ...spending.campaigns,
          { platform: 'tiktok_ads', name: 'T', spend: '265.50', status: 'ENABLE' },
        ],
      }),
    );
    const text = textOf(container);
    expect(text).toContain('€1,500.00');
    const platforms = container.querySelector('[data-testid="spending-platforms"]')!;
    expect(platforms.textContent).toContain('Meta€1,234.50');
    expect(platforms.textContent).toContain('TikTok Ads€265.50');
    expect(text).toContain('Data from every connected ad platform');
  });

  it('shows No spending data available when empty', async () => {
    const container = await renderWith((client) =>
      client.setQueryData(integrationKeys.metaSpending, {
        ...spending,
        totalSpending: '0.00',
        campaignCount: 0,
        campaigns: [],
      }),
    );
    expect(textOf(container)).toContain('No spending data available');
  });

  it('shows Permissions Needed with the account id and a Test Connection button when the request fails', async () => {
    // The request failed as the API answers a missing ads_read permission (no server runs here).
    const sentence = 'Meta refused the request: the token lacks the ads_read permission.';
    const container = await renderWith((client) => {
      client.setQueryDefaults(integrationKeys.metaSpending, { retryOnMount: false });
      const query = client.getQueryCache().build(client, { queryKey: integrationKeys.metaSpending });
      query.setState({
        status: 'error',
        fetchStatus: 'idle',
        error: parseApiError(
          403,
          JSON.stringify({ message: sentence, code: 'upstream_permission' }),
          'Forbidden',
        ),
      });
    });
    const text = textOf(container);
    expect(text).toContain('Permissions Needed');
    expect(text).toContain('act_42');
    expect(text).toContain('ads_read or ads_management');
    expect(text).toContain(sentence);
    expect([...container.querySelectorAll('button')].some((b) => textOf(b) === 'Test Connection')).toBe(true);
  });

  it('shows the loading skeleton while the first request runs', async () => {
    const container = await renderWith((client) => {
      // The first request is under way and does not answer while the test looks.
      void client.prefetchQuery({
        queryKey: integrationKeys.metaSpending,
        queryFn: () => new Promise(() => {}),
      });
    });
    expect(container.querySelector('[data-testid="spending-loading"]')).not.toBeNull();
  });
});
