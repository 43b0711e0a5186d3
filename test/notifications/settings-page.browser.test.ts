import { afterAll, expect, it } from 'vitest';
import {
  type SlackWebhookEmulator,
  startSlackWebhookEmulator,
} from '../../src/demo/emulators/slack/slack-webhook-emulator.ts';
import { useAppInBrowser } from '../support/app-in-browser.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { signInByCookie } from '../support/sign-in-by-cookie.ts';
import { startTestApp } from '../support/start-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from './receivers.ts';

const POLL = { timeout: 30_000 };

/**
 * /settings/notifications in Chromium: the owner adds a Slack channel (the Slack emulator) and an
 * e-mail channel (a real SMTP server), sends each a test, and sees the result beside the channel
 * and in the history; a bad address is refused with the reason and adds nothing.
 */
describeInBrowser('the notifications settings page', () => {
  let slack: SlackWebhookEmulator;
  let smtp: TestSmtpServer;
  // Registered first, so it runs after the app and the browser have closed.
  afterAll(async () => {
    await slack?.close();
    await smtp?.close();
  });
  const ui = useAppInBrowser(async () => {
    smtp = await startTestSmtpServer();
    slack = await startSlackWebhookEmulator();
    return startTestApp({ SMTP_URL: smtp.url });
  }, [{ width: 1400, height: 1000 }]);

  it('adds channels, sends them a test and shows the history', async () => {
    const { page } = ui.browser;
    await signInByCookie(page, ui.app.baseUrl, 'owner@example.com', 'Olive', '/settings/notifications');
    await expect.poll(() => page.getByText('No channels yet').count(), POLL).toBe(1);

    // A bad address: refused with the reason, nothing added.
    await page.getByLabel('Type', { exact: true }).selectOption('email');
    await page.getByLabel('Address', { exact: true }).fill('not-an-address');
    await page.getByLabel('Name', { exact: true }).fill('Owner');
    await page.getByRole('button', { name: 'Add channel' }).click();
    await expect.poll(() => page.getByText(/must be an e-mail address/).count(), POLL).toBe(1);
    expect(await page.getByText('No channels yet').count()).toBe(1);

    await page.getByLabel('Type', { exact: true }).selectOption('slack');
    await page.getByLabel('URL', { exact: true }).fill(slack.webhookUrl);
    await page.getByLabel('Name', { exact: true }).fill('#shop-alerts');
    await page.getByRole('button', { name: 'Add channel' }).click();
    const slackRow = page.getByRole('listitem').filter({ hasText: '#shop-alerts' });
    await expect.poll(() => slackRow.count(), POLL).toBe(1);
    await slackRow.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => slackRow.textContent(), POLL).toMatch(/sent/);
    expect(slack.received.at(-1)?.text).toContain('"#shop-alerts"');

    await page.getByLabel('Type', { exact: true }).selectOption('email');
    await page.getByLabel('Address', { exact: true }).fill('team@example.com');
    await page.getByLabel('Name', { exact: true }).fill('Team inbox');
    await page.getByRole('button', { name: 'Add channel' }).click();
    const mailRow = page.getByRole('listitem').filter({ hasText: 'Team inbox' });
    await expect.poll(() => mailRow.count(), POLL).toBe(1);
    await mailRow.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => mailRow.textContent(), POLL).toMatch(/sent/);
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail?.subject).toBe('Upside test message');

    const history = page.getByTestId('delivery-history');
    await expect.poll(() => history.getByRole('row').count(), POLL).toBe(3);
    const rows = await history.getByRole('row').allTextContents();
    expect(rows.some((row) => row.includes('team@example.com') && row.includes('sent'))).toBe(true);
    expect(rows.some((row) => row.includes('(slack)') && row.includes('sent'))).toBe(true);
    await saveScreenshot(page, 'notifications-settings');
  }, 180_000);
});
