import { expect, it } from 'vitest';
import { useAppInBrowser } from '../support/app-in-browser.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { sendJson } from '../support/members.ts';
import { signInByCookie } from '../support/sign-in-by-cookie.ts';
import { startTestApp } from '../support/start-app.ts';

const POLL = { timeout: 30_000 };

/**
 * Stores across workspaces in Chromium (issue #17, decision 069): Olive owns workspace A and is
 * invited into Bob's workspace B as a viewer. Accepting lands her in B's store; the switcher lists
 * both workspaces' stores, grouped; she switches to her own store and back, adds a store where she
 * is the owner (landing in its empty state), is not offered "Add store" where she is a viewer, and
 * after signing out and in again she is back in the last store she chose.
 */
describeInBrowser('the store switcher across workspaces', () => {
  const setup = useAppInBrowser(() => startTestApp(), [{ width: 1400, height: 1000 }]);

  it('switches between two workspaces, adds a store, and signs in where it left off', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInByCookie(page, app.baseUrl, 'olive@example.com', 'Olive', null);
    const bob = await app.signIn('bob@example.com', 'Bob');
    const invited = await sendJson(
      app,
      'POST',
      '/api/workspace/invitations',
      { email: 'olive@example.com', role: 'viewer' },
      bob,
    );
    expect(invited.status, await invited.clone().text()).toBe(201);
    const { url } = (await invited.json()) as { url: string };

    await page.goto(url);
    await page.getByRole('button', { name: 'Accept and join' }).click();
    await page.waitForURL(`${app.baseUrl}/dashboard`);
    const switcher = page.getByTestId('store-switcher');
    await expect.poll(() => switcher.textContent(), POLL).toContain("Bob's store");

    const open = async () => {
      await switcher.click();
      await page.getByRole('option', { name: "Olive's store" }).waitFor();
    };
    await open();
    const groups = await page.getByTestId('store-team').allTextContents();
    expect(groups).toEqual(["Olive's workspaceOlive's store", "Bob's workspaceBob's store"]);
    // A viewer of Bob's workspace is not offered "Add store" there.
    expect(await page.getByTestId('add-store-option').count()).toBe(0);
    await saveScreenshot(page, 'stores-across-teams-switcher');
    await page.getByRole('option', { name: "Olive's store" }).click();
    await expect.poll(() => switcher.textContent(), POLL).toContain("Olive's store");

    // In her own workspace she is the owner: "Add store" lands in the new store's empty state.
    await open();
    await page.getByTestId('add-store-option').click();
    await page.getByLabel('Store name').fill('EU shop');
    await page.getByRole('button', { name: 'Add store' }).click();
    await page.waitForURL(`${app.baseUrl}/dashboard`);
    await expect.poll(() => switcher.textContent(), POLL).toContain('EU shop');
    await expect.poll(() => page.getByTestId('no-store-data').count(), POLL).toBe(1);
    await expect(page.getByTestId('no-store-data').textContent()).resolves.toContain('Shopify');
    await saveScreenshot(page, 'stores-across-teams-new-store');

    // Back to Bob's store; signing out and in again returns there. A store seen before is shown from
    // its cache at once, while the session's choice is still on its way to the server: the test signs
    // out once the server has answered it (a run that signed out first came back to EU shop).
    await open();
    const selected = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/select'),
    );
    await page.getByRole('option', { name: "Bob's store" }).click();
    await expect.poll(() => switcher.textContent(), POLL).toContain("Bob's store");
    expect((await selected).status()).toBe(200);
    await page.request.post(`${app.baseUrl}/api/logout`, { maxRedirects: 0 });
    await signInByCookie(page, app.baseUrl, 'olive@example.com', 'Olive', '/dashboard');
    await expect.poll(() => switcher.textContent(), POLL).toContain("Bob's store");
  }, 240_000);
});
