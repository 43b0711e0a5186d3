import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { describe } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
const OUTPUT_DIR = join(import.meta.dirname, '../../test-output');

/**
 * `describe` for browser tests: runs them in Debian's Chromium when it is installed, otherwise
 * skips them with a one-line notice (`apt-get install chromium`, or set CHROMIUM_PATH).
 */
export const describeInBrowser = hasChromium ? describe : describe.skip;
if (!hasChromium) {
  console.warn(
    `browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );
}

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh headless Chromium profile; the flags keep it off the network it cannot reach anyway. */
export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'upside-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot under the git-ignored test-output/ folder. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const path = join(OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
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
