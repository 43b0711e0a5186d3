// @vitest-environment happy-dom
import type { AnalysisStatus } from '@shared/contracts/analytics.ts';
import type { AuthUser } from '@shared/contracts/auth.ts';
import type { CredentialsStatus } from '@shared/contracts/credentials.ts';
import { AUTH_USER_QUERY_KEY } from '@web/lib/auth/use-auth.ts';
import { OPPORTUNITY_KEYS } from '@web/lib/opportunities/opportunity-queries.ts';
import { queryClient } from '@web/lib/query-client.ts';
import { renderInDocument, textOf } from '@web/testing/render.tsx';
import { holdRequests } from '@web/testing/requests.ts';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app.tsx';

let cleanup: (() => void) | undefined;
let requested: string[] = [];
// No server runs behind a unit test: the pages' reads stay unanswered, and what a test looks at is
// in the cache as the API answered it.
beforeEach(() => {
  requested = holdRequests();
});
afterEach(() => {
  cleanup?.();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/**
 * Renders the whole app at `path` with the session already known (the auth query's cache entry is set, and
 * never stale, so no request leaves the test).
 */
async function renderAppAt(path: string, user: AuthUser | null): Promise<HTMLElement> {
  queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
  window.history.replaceState(null, '', path);
  const { container, unmount } = await renderInDocument(<App />);
  cleanup = unmount;
  return container;
}

/** Waits for lazily loaded page chunks (their first import can take seconds on a loaded machine). */
async function waitForText(container: HTMLElement, text: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (textOf(container).includes(text)) return;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  throw new Error(`"${text}" never appeared; page text: ${textOf(container).slice(0, 200)}`);
}

const ada: AuthUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
};

describe('App routing (spec §2)', () => {
  it("renders 'Page Not Found' with a link home for an unknown path", async () => {
    const container = await renderAppAt('/no-such-page', null);
    expect(textOf(container.querySelector('h1'))).toBe('Page Not Found');
    expect(container.querySelector('a[href="/"]')).not.toBeNull();
    expect(document.title).toBe('Page Not Found · Upside');
  });

  it('shows the landing page on / when signed out', async () => {
    const container = await renderAppAt('/', null);
    expect(textOf(container)).toContain('Ready to boost your revenue?');
    expect(container.querySelector('nav')).toBeNull();
  });

  it('shows the landing page to a signed-out visitor on an authenticated route', async () => {
    const container = await renderAppAt('/dashboard', null);
    expect(textOf(container)).toContain('Get Started Now');
  });

  it('shows the home screen inside the page shell on / when signed in', async () => {
    // What `/` decides on (signed-in-root-page.tsx): no analysed data and no connected source.
    const notConnected = { state: 'not_connected', reason: null, fix: null } as const;
    queryClient.setQueryData<CredentialsStatus>(['/api/credentials/status'], {
      shopify: false,
      ga4: false,
      meta: false,
      verified: { shopify: false, ga4: false, meta: false },
      health: { shopify: notConnected, ga4: notConnected, meta: notConnected },
    });
    queryClient.setQueryData<AnalysisStatus>(OPPORTUNITY_KEYS.status, {
      lastRun: null,
      lastSucceededAt: null,
      running: false,
      hasData: false,
      lifetimeModel: null,
    });
    const container = await renderAppAt('/', ada);
    await waitForText(container, 'Welcome back, Ada');
    const header = container.querySelector('header');
    expect(textOf(header)).toContain('Analytics');
    expect(textOf(header)).toContain('Performance');
    expect(textOf(header)).toContain('Intelligence');
    expect(header?.querySelector('form[method="post"][action="/api/logout"]')).not.toBeNull();
    expect(requested).not.toContain('/api/credentials/status');
  });

  it('highlights the /profile header button on the profile page', async () => {
    const container = await renderAppAt('/profile', ada);
    await waitForText(container, 'Profile & Integrations');
    expect(container.querySelector('header a[href="/profile"]')?.getAttribute('aria-current')).toBe('page');
    expect(container.querySelector('header a[href="/"]')?.getAttribute('aria-current')).toBeNull();
    expect(document.title).toBe('Profile & Integrations · Upside');
  });
});
