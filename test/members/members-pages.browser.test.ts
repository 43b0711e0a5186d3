import { expect, it } from 'vitest';
import { useAppInBrowser } from '../support/app-in-browser.ts';
import { describeInBrowser, saveScreenshot, type TestBrowser, visit } from '../support/browser.ts';
import { signInByCookie } from '../support/sign-in-by-cookie.ts';
import { startTestApp } from '../support/start-app.ts';

const POLL = { timeout: 30_000 };

/**
 * Issue #17 item 5 in Chromium: the owner invites a colleague on /settings/members and gets the link
 * to copy; the colleague opens it in their own browser, signs in through the identity provider,
 * lands on the invitation and joins; the owner changes their role and switch, then removes them,
 * and reads all of it on /settings/audit-log. The colleague, a viewer meanwhile, sees the members
 * page read-only and is refused the audit log with the server's sentence.
 */
describeInBrowser('the members and audit log pages', () => {
  const ui = useAppInBrowser(
    () => startTestApp(),
    [
      { width: 1400, height: 1000 },
      { width: 1280, height: 900 },
    ],
  );
  const owner = () => ui.browsers[0]!;
  const colleague = () => ui.browsers[1]!;

  it('invites by link, joins through sign-in, changes and removes a member, and audits it', async () => {
    const { page } = owner();
    await signInByCookie(page, ui.app.baseUrl, 'owner@example.com', 'Olive', '/settings/members');
    await expect.poll(() => page.getByTestId('member-row').count(), POLL).toBe(1);
    await expect.poll(() => page.getByText('No pending invitations.').count(), POLL).toBe(1);

    await page.getByLabel('E-mail address').fill('ann@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Invite' }).click();
    const link = page.getByTestId('invitation-url');
    await expect.poll(() => link.count(), POLL).toBe(1);
    const url = (await link.textContent()) ?? '';
    expect(url).toMatch(/\/api\/invitations\/[\w-]{43}$/);
    await expect
      .poll(() => page.getByTestId('pending-invitations').textContent(), POLL)
      .toContain('ann@example.com');

    // The colleague opens the link signed out: the identity provider first, then the invitation.
    const other = colleague().page;
    await other.goto(url);
    await other.getByLabel('E-mail address').fill('ann@example.com');
    await other.getByLabel('First name').fill('Ann');
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.waitForURL(`${ui.app.baseUrl}/invitations/**`);
    await expect.poll(() => other.getByText("Olive's workspace").count(), POLL).toBe(1);
    await other.getByRole('button', { name: 'Accept and join' }).click();
    await other.waitForURL(`${ui.app.baseUrl}/dashboard`);

    await page.reload();
    await expect.poll(() => page.getByTestId('member-row').count(), POLL).toBe(2);
    await page.getByLabel('Role of ann@example.com').selectOption('analyst');
    await expect.poll(() => page.getByLabel('Role of ann@example.com').inputValue(), POLL).toBe('analyst');
    // The row's switches are disabled while the role change is saved; wait for it to finish. The
    // switch shows the saved value (it turns off once the server has it), so click and read the API.
    // Invited as a viewer, Ann starts without costs (issue #36: not unless granted); the owner grants them.
    const costsSwitch = page.getByLabel('Can see costs and profit (ann@example.com)');
    await expect.poll(() => costsSwitch.isEnabled(), POLL).toBe(true);
    await expect.poll(() => costsSwitch.isChecked(), POLL).toBe(false);
    await costsSwitch.click();
    const annCanSeeCosts = async () => {
      const answer = await ui.app.request('/api/workspace/members', { cookie: await cookieOf(owner()) });
      const { members } = (await answer.json()) as {
        members: Array<{ email: string; canSeeCosts: boolean }>;
      };
      return members.find((member) => member.email === 'ann@example.com')?.canSeeCosts;
    };
    await expect.poll(annCanSeeCosts, POLL).toBe(true);
    await expect.poll(() => costsSwitch.isChecked(), POLL).toBe(true);

    // As an analyst, Ann reads the members page but changes nothing and cannot read the audit log.
    await other.goto(`${ui.app.baseUrl}/settings/members`);
    await expect.poll(() => other.getByTestId('member-row').count(), POLL).toBe(2);
    expect(await other.getByRole('button', { name: 'Invite' }).count()).toBe(0);
    expect(await other.getByLabel('Role of owner@example.com').isDisabled()).toBe(true);
    await visit(other, ui.app.baseUrl, '/settings/audit-log');
    await expect.poll(() => other.getByRole('alert').textContent(), POLL).toMatch(/does not allow/);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove ann@example.com' }).click();
    await expect.poll(() => page.getByTestId('member-row').count(), POLL).toBe(1);
    // Her next page load finds no session: the landing page.
    await other.goto(`${ui.app.baseUrl}/settings/members`);
    await expect
      .poll(() => other.getByRole('link', { name: 'Sign In to Get Started' }).count(), POLL)
      .toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(`${ui.app.baseUrl}/settings/audit-log`);
    const entries = page.getByTestId('audit-entry');
    await expect.poll(() => entries.count(), POLL).toBe(5);
    const text = await page.locator('table').textContent();
    for (const expected of [
      'Invited a member',
      'Joined',
      'Changed a member',
      'Removed a member',
      'role: viewer → analyst',
    ])
      expect(text).toContain(expected);
    await saveScreenshot(page, 'audit-log');
  }, 180_000);
});

async function cookieOf(browser: TestBrowser): Promise<string> {
  const cookies = await browser.context.cookies();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
