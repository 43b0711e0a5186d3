import type { Page } from 'playwright-core';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { type AppInBrowser, useAppInBrowser } from './app-in-browser.ts';
import { cookieFromSetCookie, signInByCookie } from './sign-in-by-cookie.ts';
import type { TestApp } from './start-app.ts';
import { type DemoTestApp, startConnectedDemoApp, startDemoTestApp } from './start-demo-app.ts';

/**
 * Clicks "Connect demo store" on the signed-in page, then runs the jobs the worker would (the syncs,
 * then the analysis they queue) until `/api/analysis/status` reports data. Throws when it never does.
 */
export async function connectDemoStoreAndAnalyse(page: Page, app: TestApp): Promise<void> {
  // The connect request stores the sources and queues their syncs and the storefront's tracker
  // history (decision 204): wait for its answer, then run what it queued.
  const connected = page.waitForResponse((r) => r.url().endsWith('/api/demo/connect'), { timeout: 300_000 });
  await page.getByTestId('connect-demo-store').first().click();
  const answer = await connected;
  if (answer.status() !== 200) throw new Error(`connecting the demo store answered ${answer.status()}`);
  for (let round = 0; round < 20; round += 1) {
    await runJobsUntilIdle(app.server.deps);
    const status = await page.evaluate(async () => (await fetch('/api/analysis/status')).json());
    if (status.hasData === true) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the first analysis of the demo store did not finish after 20 rounds of jobs');
}

export type DemoStoreInBrowser = AppInBrowser<DemoTestApp>;

/**
 * Registers the set-up of a page's browser test on the demo store: the built SPA, the app with the
 * emulators (seed 7, Shopify's cost bucket opened so syncs are not throttled) and Chromium at
 * 1400 × 1000; both are closed after the file. Read the fields inside the tests.
 */
export function useDemoStoreInBrowser(): DemoStoreInBrowser {
  return useAppInBrowser(() => startDemoTestApp({}, { seed: 7 }), [{ width: 1400, height: 1000 }]);
}

/**
 * The connected demo's app with the owner's session cookie (`name=value`) from the template and
 * the workspace that holds the store.
 */
export type ConnectedDemoApp = DemoTestApp & {
  ownerCookie: string;
  ownerSetCookie: string;
  workspaceId: string;
};

/**
 * The same set-up on a copy of the run's connected demo store (decision 092): owner@example.com's
 * store is synced and analysed already, as after "Connect demo store", so a page's test starts
 * where it used to arrive after a minute of syncing. The click itself keeps its own tests (the Today
 * card, the store switcher, the opportunities page).
 */
export function useConnectedDemoInBrowser(): AppInBrowser<ConnectedDemoApp> {
  return useAppInBrowser(async () => {
    const { app, owner, ownerSetCookie, workspaceId } = await startConnectedDemoApp(7);
    return Object.assign(app, { ownerCookie: owner, ownerSetCookie, workspaceId });
  }, [{ width: 1400, height: 1000 }]);
}

/**
 * Forgets the earlier user: cookies, and the store and range the SPA keeps in the browser's
 * storage. A page on another origin first loads the app to reach its storage; a page already on it
 * is not loaded again (decision 232): the sign-in that follows loads the app. A blank page whose
 * context holds no storage of the app's origin has nothing to forget: no load (decision 240).
 */
async function signOutCompletely(page: Page, baseUrl: string): Promise<void> {
  const context = page.context();
  await context.clearCookies();
  const { origin } = new URL(baseUrl);
  if (page.url() === 'about:blank') {
    const { origins } = await context.storageState();
    if (!origins.some((stored) => stored.origin === origin)) return;
  }
  if (!page.url().startsWith(`${origin}/`)) await page.goto(`${baseUrl}/`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * Signs the browser in afresh as someone with a workspace of their own and no store (the page a
 * new owner sees before connecting one, "no store data") and opens `path` (`null`: none): signed in over HTTP,
 * the session cookie put into the browser, one page load (decision 240).
 */
export async function signInWithoutStore(
  page: Page,
  baseUrl: string,
  path: string | null = '/',
): Promise<void> {
  await signOutCompletely(page, baseUrl);
  await signInByCookie(page, baseUrl, 'newcomer@example.com', 'Nia', path);
}

/**
 * The browser takes the connected demo owner's session (the template's, as the HTTP tests do: the
 * development provider's subjects differ between processes, so signing in again would make a new
 * user), with the attributes of the Set-Cookie line the app sent, and opens `path`.
 */
export async function signInAsDemoOwner(page: Page, app: ConnectedDemoApp, path = '/'): Promise<void> {
  await signOutCompletely(page, app.baseUrl);
  await page.context().addCookies([cookieFromSetCookie(app.ownerSetCookie, app.baseUrl)]);
  await page.goto(new URL(path, app.baseUrl).href);
}
