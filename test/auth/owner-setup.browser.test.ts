import { afterAll, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../notifications/receivers.ts';
import { useAppInBrowser } from '../support/app-in-browser.ts';
import { describeInBrowser, visit } from '../support/browser.ts';
import { startTestApp } from '../support/start-app.ts';

const POLL = { timeout: 60_000 };
/** Password hashing runs at production cost (tens of ms; seconds on a loaded machine). */
const SLOW = 240_000;
const OWNER = { name: 'Olive Owner', email: 'olive@shop.example', password: 'violet-harbour-lantern-42' };

/**
 * Issue #38 item 1 as a self-hoster meets it, in Chromium against a fresh install with password
 * accounts (UPSIDE_AUTH=password, no identity provider): `/` offers "Create the owner account";
 * a common password is refused with the rule named on the form; a good one creates the owner and
 * signs them in; afterwards `/` offers sign-in instead, and the owner signs in with the password.
 * On the profile the owner's address shows as not confirmed; the mailed link (a real SMTP server)
 * confirms it with a button, and the profile then says confirmed.
 */
describeInBrowser('the first hour of a fresh install without an identity provider', () => {
  let smtp: TestSmtpServer | undefined;
  const setup = useAppInBrowser(async () => {
    smtp = await startTestSmtpServer();
    return startTestApp({
      UPSIDE_AUTH: 'password',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Upside <team@upside.test>',
    });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it(
    'creates the owner account from the home page, then signs in with the password',
    async () => {
      const { app, browser } = setup;
      const { page } = browser;
      const user = () => page.evaluate(async () => (await fetch('/api/auth/user')).status);

      await page.goto(`${app.baseUrl}/`);
      const form = page.getByTestId('owner-setup');
      await expect.poll(() => form.count(), POLL).toBe(1);
      await form.getByLabel('Your name').fill(OWNER.name);
      await form.getByLabel('E-mail').fill(OWNER.email);
      await form.getByLabel('Password').fill('QWERTY123456');
      await form.getByRole('button', { name: 'Create the owner account' }).click();
      // Refused on the form, naming the rule; nobody is signed in.
      await expect.poll(() => form.textContent(), POLL).toMatch(/most common passwords/);
      expect(await user()).toBe(401);

      await form.getByLabel('Password').fill(OWNER.password);
      await form.getByRole('button', { name: 'Create the owner account' }).click();
      // The app loads afresh for the signed-in owner: the setup form is gone.
      await expect.poll(user, POLL).toBe(200);
      await expect.poll(() => page.getByTestId('owner-setup').count(), POLL).toBe(0);
      const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
      expect(me).toMatchObject({ email: OWNER.email, firstName: 'Olive' });

      // Signed out: the home page no longer offers the setup; the password signs the owner in.
      await page.context().clearCookies();
      await page.goto(`${app.baseUrl}/`);
      await expect.poll(() => page.getByText('Sign In', { exact: false }).count(), POLL).toBeGreaterThan(0);
      expect(await page.getByTestId('owner-setup').count()).toBe(0);
      expect(await user()).toBe(401);
      await visit(page, app.baseUrl, '/sign-in?returnTo=/dashboard');
      await page.getByLabel('E-mail').fill(OWNER.email);
      await page.getByLabel('Password').fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${app.baseUrl}/dashboard`, POLL);
      expect(await user()).toBe(200);

      // The owner's address: not confirmed at setup; the profile mails a link that confirms it.
      await visit(page, app.baseUrl, '/profile');
      const address = page.getByTestId('email-verification');
      await expect.poll(() => address.textContent(), POLL).toMatch(/not confirmed yet/);
      const mailsBefore = smtp?.messages.length ?? 0;
      await address.getByRole('button', { name: 'Send a confirmation link' }).click();
      await expect.poll(() => address.textContent(), POLL).toMatch(/We sent a link to o\*+@/);
      const mails = (await smtp?.waitFor(mailsBefore + 1, 30_000)) ?? [];
      const link = /https?:\/\/\S+\/verify-email\/[\w-]+/.exec(mails.at(-1)?.text ?? '')?.[0];
      expect(link, mails.at(-1)?.text).toBeDefined();
      // The mailed link opens a document of its own, as a mail client would.
      await page.goto(`${app.baseUrl}${new URL(link ?? '').pathname}`);
      await page.getByRole('button', { name: 'Confirm my address' }).click();
      await expect.poll(() => page.getByRole('status').textContent(), POLL).toMatch(/is confirmed/);
      await page.goto(`${app.baseUrl}/profile`);
      await expect
        .poll(() => page.getByTestId('email-verification').textContent(), POLL)
        .toMatch(/confirmed \d/);
    },
    SLOW,
  );
});
