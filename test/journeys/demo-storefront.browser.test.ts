import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { useDemoStoreInBrowser } from '../support/demo-store-in-browser.ts';
import { signInByCookie } from '../support/sign-in-by-cookie.ts';

const POLL = { timeout: 30_000 };
const Session = z.object({
  session_id: z.string(),
  visitor_id: z.string().nullable(),
  checkout_token: z.string().nullable(),
  clicks: z.coerce.number(),
});

/**
 * Issue 16 item 5 in Chromium: in demo mode the Cursor Tracking page links to the demo storefront
 * that Upside serves with the real tracker snippet; a visitor opens it, looks at a product and
 * adds it to the cart. The tracker's events arrive as a session of the "Demo storefront (your
 * visits)" website (visitor id, clicks, the cart token), and the demo cart carries the visitor id
 * in its `_upside_vid` attribute, as a Shopify order would.
 */
describeInBrowser('the demo storefront', () => {
  const setup = useDemoStoreInBrowser();

  it('tracks a visit and writes the visitor id into the cart attributes', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInByCookie(page, app.baseUrl, 'owner@example.com', 'Olive', '/cursor-tracking');
    await page.getByRole('link', { name: /demo storefront/i }).click();
    await page.waitForURL(`${app.baseUrl}/demo/storefront`);
    await page.waitForFunction(() => sessionStorage.getItem('upside_sid') !== null);
    const product = app.demo.store.products[0]!;
    await page
      .getByRole('link', { name: new RegExp(product.title) })
      .first()
      .click();
    await page.waitForURL(`${app.baseUrl}/demo/storefront/products/${product.handle}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByText('Cart (1)').count(), POLL).toBe(1);

    const visitorId = await page.evaluate(() => /_upside_vid=(\w+)/.exec(document.cookie)?.[1] ?? null);
    expect(visitorId).toMatch(/^\w+$/);
    const cart = (await page.evaluate(async () => (await fetch('/cart.js')).json())) as {
      token: string;
      item_count: number;
      attributes: Record<string, string>;
    };
    expect(cart.attributes._upside_vid).toBe(visitorId);
    expect(cart.item_count).toBe(1);
    await saveScreenshot(page, 'demo-storefront-product');

    // Leaving flushes the tracker's queue (pagehide beacon); the session is the visitor's, with its clicks.
    await page.goto(`${app.baseUrl}/cursor-tracking`);
    await expect
      .poll(async () => {
        const rows = await queryRows(
          app.db,
          Session,
          sql`SELECT s.session_id, s.visitor_id, s.checkout_token,
                (SELECT count(*) FROM tracking_events e WHERE e.configuration_id = s.configuration_id
                  AND e.session_id = s.session_id AND e.event_type = 'click') AS clicks
              FROM tracking_sessions s JOIN tracking_configurations c ON c.id = s.configuration_id
              WHERE c.website_name = 'Demo storefront (your visits)' AND s.visitor_id = ${visitorId}`,
        );
        return rows.map((r) => ({ visitor: r.visitor_id, token: r.checkout_token, clicked: r.clicks > 0 }));
      }, POLL)
      .toEqual([{ visitor: visitorId, token: cart.token, clicked: true }]);
  }, 300_000);
});
