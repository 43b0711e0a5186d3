import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type TestBrowser } from './browser.ts';
import type { TestApp } from './start-app.ts';
import { ensureWebBuild } from './web-build.ts';

export interface AppInBrowser<App extends TestApp> {
  app: App;
  /** The first browser (the one at `viewports[0]`). */
  browser: TestBrowser;
  /** One Chromium per viewport asked for, e.g. an owner's and a colleague's. */
  browsers: TestBrowser[];
}

/**
 * Registers the set-up every browser test of a page repeats: the built SPA, the app `start`
 * answers, and one fresh Chromium per viewport (1280 × 900 when none is given); after the file the
 * browsers close (failing on console errors nobody expected), then the app. Read the fields inside
 * the tests.
 */
export function useAppInBrowser<App extends TestApp>(
  start: () => Promise<App>,
  viewports: { width: number; height: number }[] = [{ width: 1280, height: 900 }],
): AppInBrowser<App> {
  const setup = { browsers: [] as TestBrowser[] } as AppInBrowser<App>;
  beforeAll(async () => {
    await ensureWebBuild();
    setup.app = await start();
    for (const viewport of viewports) setup.browsers.push(await launchBrowser(viewport));
    setup.browser = setup.browsers[0]!;
  }, 300_000);
  afterAll(async () => {
    try {
      for (const browser of setup.browsers) await browser.close();
    } finally {
      await setup.app?.close();
    }
  });
  return setup;
}
