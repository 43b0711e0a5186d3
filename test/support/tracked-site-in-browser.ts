import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../fixtures/tracking-site/server.ts';
import { launchBrowser, type TestBrowser } from './browser.ts';
import { startTestApp, type TestApp } from './start-app.ts';
import { ensureWebBuild } from './web-build.ts';

export interface TrackedSiteInBrowser {
  app: TestApp;
  site: FixtureSite;
  browser: TestBrowser;
  /** The embed snippet the fixture site serves in its <head>; set it once the website exists. */
  snippet: string;
}

/**
 * Registers the set-up of a cursor-tracking browser test: the app on a fresh database, the fixture
 * shop serving `page` with the current `snippet`, and Chromium; all closed after the file. `webBuild`
 * builds the SPA first, for tests that use the dashboard. Read the fields inside the tests.
 */
export function useTrackedSiteInBrowser(
  page: 'index.html' | 'fixed.html',
  { webBuild = false, viewport = { width: 1280, height: 900 } } = {},
): TrackedSiteInBrowser {
  const setup = { snippet: '' } as TrackedSiteInBrowser;
  beforeAll(async () => {
    if (webBuild) await ensureWebBuild();
    setup.app = await startTestApp();
    setup.site = await startFixtureSite(() => setup.snippet, page);
    setup.browser = await launchBrowser(viewport);
  }, 300_000);
  afterAll(async () => {
    try {
      await setup.browser?.close();
    } finally {
      await setup.site?.close();
      await setup.app?.close();
    }
  });
  return setup;
}

/** Headless Chromium reports navigator.webdriver: a test site opts in to being tracked anyway. */
export const allowAutomation = (snippet: string) =>
  snippet.replace('<script defer', '<script defer data-allow-automation');

/** Opens `url` in a new tab `width` px wide and waits until the embedded tracker has started. */
export async function openTrackedPage(context: BrowserContext, url: string, width: number): Promise<Page> {
  const visitor = await context.newPage();
  await visitor.setViewportSize({ width, height: 800 });
  await visitor.goto(url);
  await visitor.waitForFunction(() => sessionStorage.getItem('upside_sid') !== null);
  return visitor;
}

/** Scrolls the page to `y` and waits until it is there. */
export async function scrollPageTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 1, y);
}

/** Leaves the page, which flushes the tracker's queue with sendBeacon, and closes the tab. */
export async function leaveTrackedPage(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.close();
}
