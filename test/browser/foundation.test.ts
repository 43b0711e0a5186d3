import { expect, it } from 'vitest';
import { useAppInBrowser } from '../support/app-in-browser.ts';
import { describeInBrowser, saveScreenshot, signInInBrowser } from '../support/browser.ts';
import { cookieFromSetCookie, sessionSetCookie } from '../support/sign-in-by-cookie.ts';
import { signInThroughDevProvider, startTestApp } from '../support/start-app.ts';

const POLL = { timeout: 20_000 };

describeInBrowser('a new visitor in Chromium', () => {
  const ui = useAppInBrowser(() => startTestApp());

  it('signs in as two different users one after the other and signs out to the landing page', async () => {
    const { page } = ui.browser;
    for (const [email, firstName] of [
      ['ada@example.com', 'Ada'],
      ['grace@example.com', 'Grace'],
    ] as const) {
      await signInInBrowser(page, ui.app.baseUrl, email, firstName);
      await expect
        .poll(() => page.getByRole('heading', { name: `Welcome back, ${firstName}` }).count(), POLL)
        .toBe(1);
      await saveScreenshot(page, `foundation-home-${firstName.toLowerCase()}`);
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(`${ui.app.baseUrl}/`);
      await expect.poll(() => page.getByText('Ready to boost your revenue?').count(), POLL).toBe(1);
    }
    await saveScreenshot(page, 'foundation-landing');
  });

  it('keeps the session cookie as signInByCookie puts it into a browser (decision 240)', async () => {
    const { page, context } = ui.browser;
    await signInInBrowser(page, ui.app.baseUrl, 'lin@example.com', 'Lin');
    const kept = (await context.cookies(ui.app.baseUrl)).find((cookie) => cookie.name === 'upside_session');
    const setCookies: string[] = [];
    await signInThroughDevProvider(ui.app.baseUrl, 'mo@example.com', 'Mo', { setCookies });
    const { value, expires, ...put } = cookieFromSetCookie(sessionSetCookie(setCookies), ui.app.baseUrl);
    expect(kept).toMatchObject(put);
    expect(Math.abs((kept?.expires ?? 0) - (expires ?? 0))).toBeLessThan(120);
    await context.clearCookies();
  });

  it('runs the SPA as built for owners: React production build (decision 249)', async () => {
    const { page } = ui.browser;
    await page.goto(`${ui.app.baseUrl}/public-service-test`);
    await expect.poll(() => page.getByText('Working', { exact: true }).count(), POLL).toBe(4);
    // React's development build gives every fiber debug fields (`_debugOwner`); production has none.
    const fiberFields = await page.evaluate(() => {
      const root = document.getElementById('root');
      const key = root ? Object.keys(root).find((name) => name.startsWith('__reactContainer$')) : undefined;
      const fiber: unknown = key && root ? Reflect.get(root, key) : undefined;
      return typeof fiber === 'object' && fiber !== null ? Object.keys(fiber) : [];
    });
    expect(fiberFields).toContain('memoizedState');
    expect(fiberFields).not.toContain('_debugOwner');
  });

  it('draws solid cards for a system that asks for less transparency, frosted glass otherwise (decision 255)', async () => {
    const { page, context } = ui.browser;
    await page.goto(`${ui.app.baseUrl}/public-service-test`);
    await expect.poll(() => page.getByText('Working', { exact: true }).count(), POLL).toBe(4);
    const firstCard = () =>
      page.evaluate(() => {
        const card = document.querySelector('.rounded-xl.border');
        const style = card ? getComputedStyle(card) : undefined;
        return {
          asked: matchMedia('(prefers-reduced-transparency: reduce)').matches,
          backdropFilter: style?.backdropFilter ?? null,
          background: style?.backgroundColor ?? null,
        };
      });
    const reduced = await firstCard();
    expect(reduced).toMatchObject({ asked: true, backdropFilter: 'none' });
    const session = await context.newCDPSession(page);
    const transparency = (value: string) =>
      session.send('Emulation.setEmulatedMedia', {
        features: [
          { name: 'prefers-reduced-motion', value: 'reduce' },
          { name: 'prefers-reduced-transparency', value },
        ],
      });
    await transparency('no-preference');
    try {
      const usual = await firstCard();
      expect(usual).toMatchObject({ asked: false, backdropFilter: expect.stringContaining('blur(') });
      // The same surface, translucent for everyone else and opaque for who asked.
      expect(usual.background).not.toBe(reduced.background);
    } finally {
      await transparency('reduce');
    }
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page } = ui.browser;
    await page.goto(`${ui.app.baseUrl}/no/such/page`);
    await expect.poll(() => page.getByText('Page Not Found').count(), POLL).toBeGreaterThan(0);
    await saveScreenshot(page, 'foundation-404');
  });

  it('shows four Working cards on the public service test page', async () => {
    const { page } = ui.browser;
    await page.goto(`${ui.app.baseUrl}/public-service-test`);
    await expect.poll(() => page.getByText('Working', { exact: true }).count(), POLL).toBe(4);
    await saveScreenshot(page, 'foundation-public-service-test');
  });
});
