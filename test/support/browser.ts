import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { describeWhen } from './prerequisites.ts';

/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`, the same Chromium release as
 * `chromium`): the browser without its window, toolbar and UI, what Playwright itself runs for
 * `headless: true`. The same pages cost it about a third less CPU than the full browser in
 * headless mode (decision 244). CHROMIUM_PATH points the tests at another Chromium.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const hasChromium = existsSync(CHROMIUM_PATH);
const OUTPUT_DIR = join(import.meta.dirname, '../../test-output');

/**
 * `describe` for browser tests: runs them in Debian's Chromium headless shell when it is
 * installed; otherwise skips them locally and fails them under CI=true
 * (`apt-get install chromium-headless-shell`, or CHROMIUM_PATH).
 */
export const describeInBrowser = describeWhen(
  hasChromium,
  `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)`,
);

/**
 * Console messages a page may print without failing its test: the browser's own line for a
 * request answered 4xx/5xx (tests provoke those on purpose; the app shows them as sentences).
 */
const EXPECTED_CONSOLE = [/^Failed to load resource: the server responded with a status of \d{3}/];

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Closes its context; throws if any page logged an unexpected console error or threw. */
  close(): Promise<void>;
}

let running: Promise<Browser> | undefined;

/**
 * The test process's one headless Chromium, launched by the first file that asks (decision 182).
 * Test files of the `main` project share their worker's module graph (decision 133), so a worker
 * launches Chromium once instead of once per file (~1 s of CPU and seconds of wall time under
 * load each); every `launchBrowser` still gets a context of its own, which shares no cookies,
 * storage or cache with any other. A browser that went away (crashed, or closed) is launched
 * again; playwright closes it when the process exits. The flags keep it off the network it
 * cannot reach anyway.
 */
function sharedChromium(): Promise<Browser> {
  running ??= chromium
    .launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    .then(
      (browser) => {
        browser.once('disconnected', () => {
          running = undefined;
        });
        return browser;
      },
      (error: unknown) => {
        running = undefined;
        throw error;
      },
    );
  return running;
}

/**
 * A fresh browser context (its own cookies, storage and cache) in the process's Chromium. It asks
 * for reduced motion, which the app honours by ending animations and transitions at once: no
 * skeleton pulses and no spinner turns while a page loads, so Chromium does not composite a frame
 * of the blurred cards 60 times a second for nothing a test reads (decision 237).
 */
export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<TestBrowser> {
  const context = await (await sharedChromium()).newContext({ viewport, reducedMotion: 'reduce' });
  // Google's video ads show YouTube's thumbnail (decision 130): a public image host, no vendor API
  // we emulate, and this browser has no network. It answers with a picture, as YouTube would.
  await context.route('https://i.ytimg.com/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#b91c1c"/></svg>',
    }),
  );
  const unexpected: string[] = [];
  const watch = (watched: Page) => {
    watched.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!EXPECTED_CONSOLE.some((pattern) => pattern.test(text))) {
        unexpected.push(`console.error at ${watched.url()}: ${text}`);
      }
    });
    watched.on('pageerror', (error) => unexpected.push(`uncaught at ${watched.url()}: ${error.message}`));
  };
  context.on('page', (opened) => {
    watch(opened);
    void askForLessTransparency(context, opened).catch(() => undefined);
  });
  const existing = context.pages()[0];
  if (existing) watch(existing);
  const page = existing ?? (await context.newPage());
  await askForLessTransparency(context, page);
  return {
    context,
    page,
    async close() {
      await context.close();
      if (unexpected.length > 0) {
        throw new Error(`the pages logged errors nobody expected:\n${unexpected.join('\n')}`);
      }
    },
  };
}

/**
 * The page's media as a system asking for less motion and less transparency: Playwright has a
 * context option for the first only, so both are set through the DevTools protocol (its call names
 * every emulated feature at once). The app then draws solid cards and header instead of blurring the
 * cityscape under them, most of what the compositor did on our pages (decision 255).
 */
async function askForLessTransparency(context: BrowserContext, page: Page): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setEmulatedMedia', {
    features: [
      { name: 'prefers-reduced-motion', value: 'reduce' },
      { name: 'prefers-reduced-transparency', value: 'reduce' },
    ],
  });
}

/**
 * Asks for a full-page screenshot of `page` as `name`, written under the git-ignored test-output/
 * folder only when it helps: if the running test fails (the page as it is at the failure, named
 * by the last screenshot asked of that page in the test), or at once for every call when
 * `UPSIDE_SCREENSHOTS=1` is set. A full-page PNG costs Chromium its capture and encoding (tall
 * pages at 2–4 MP), and a passing run read none of them (decision 197). Must be called inside a
 * test.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPSIDE_SCREENSHOTS === '1') {
    await writeScreenshot(page, name);
    return;
  }
  const asked = Symbol(name);
  latestAsked.set(page, asked);
  onTestFailed(async () => {
    if (latestAsked.get(page) === asked && !page.isClosed()) await writeScreenshot(page, `${name}.failed`);
  });
}

/** Per page, the latest screenshot asked for: a failed test writes that one only. */
const latestAsked = new WeakMap<Page, symbol>();

async function writeScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`), fullPage: true });
}

/** Signs in through the development provider's page, as a person would. */
export async function signInInBrowser(
  page: Page,
  baseUrl: string,
  email: string,
  firstName: string,
): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Sign In to Get Started' }).first().click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('First name').fill(firstName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/**`);
}

/**
 * Opens `path` of the app at `baseUrl` and waits until it has settled. When the page already
 * shows the SPA on that origin, it navigates inside the app as a click on one of its links does
 * (wouter follows `history.pushState`), scrolled to the top as a load would be: no new document,
 * so Chromium does not parse the app's bundle, mount React and run every query again (~2–3 s of
 * its CPU per load, decision 227; decision 232). Otherwise (a blank page, another origin, a
 * page that is not the SPA) it loads the page with `page.goto`.
 *
 * In-app, the SPA keeps its query cache (data never goes stale, spec §9): a page read earlier in
 * this document is shown from it again. After a change the SPA did not make itself (a job run by
 * the test, a request outside its mutations) a test that must see fresh data uses `page.goto` or
 * `page.reload()`.
 */
export async function visit(page: Page, baseUrl: string, path: string): Promise<void> {
  const target = new URL(path, baseUrl);
  const inApp =
    page.url().startsWith(`${target.origin}/`) &&
    (await page.evaluate(() => Reflect.get(window, Symbol.for('wouter_v3')) === true));
  if (inApp) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.scrollTo(0, 0);
    }, `${target.pathname}${target.search}${target.hash}`);
  } else {
    await page.goto(target.href);
  }
  await settle(page);
}

/**
 * Waits until the page has settled: no request in flight, no loading placeholder, and its text and
 * width unchanged over a second (charts and lazily loaded pages render after their data arrives).
 * The second counts only while no request the page started since the call is pending and none
 * started: network idle alone is judged once, and a page whose next request leaves more than half
 * a second after the last answer (a chain of queries, pages rendering side by side on a loaded
 * machine, decision 218) would otherwise be read between the two.
 */
export async function settle(page: Page): Promise<void> {
  const pending = new Set<Request>();
  let started = 0;
  const onRequest = (request: Request) => {
    pending.add(request);
    started += 1;
  };
  const onDone = (request: Request) => pending.delete(request);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.waitForLoadState('networkidle');
    let last = '';
    let stableFor = 0;
    for (let waited = 0; waited < 30_000 && stableFor < 4; waited += 250) {
      const shown = await page.evaluate(
        () =>
          `${document.body.textContent.length}/${document.documentElement.scrollWidth}/` +
          `${document.querySelectorAll('[data-testid="loading"], .animate-pulse').length}`,
      );
      const now = `${shown}/${started}`;
      stableFor = now === last && shown.endsWith('/0') && pending.size === 0 ? stableFor + 1 : 0;
      last = now;
      await page.waitForTimeout(250);
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}
