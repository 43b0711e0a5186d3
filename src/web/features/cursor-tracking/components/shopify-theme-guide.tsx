import type { TrackingConfiguration } from '@shared/contracts/tracking-configurations.ts';
import { shopifyThemeSnippet } from '@shared/tracker-snippet.ts';

/**
 * Installing the tracker on a Shopify theme, step by step (issue #38 item 3): where `theme.liquid`
 * is, the exact snippet, what `data-allow-automation` does, and how the `_upside_vid` cart
 * attribute joins a visit to its order even though checkout pages run no theme script.
 */
export function ShopifyThemeGuide({ configuration }: { configuration: TrackingConfiguration }) {
  const snippet = shopifyThemeSnippet(configuration, window.location.origin);
  return (
    <details
      className="rounded-md border border-slate-700 p-3 text-sm text-slate-300"
      data-testid="shopify-theme-guide"
    >
      <summary className="cursor-pointer font-medium text-slate-100">
        On a Shopify theme: step by step
      </summary>
      <ol className="mt-3 list-decimal space-y-2 pl-5">
        <li>
          In the Shopify admin, open <strong>Online Store → Themes</strong>; on the live theme click{' '}
          <strong>⋯</strong> then <strong>Edit code</strong>.
        </li>
        <li>
          Under <strong>Layout</strong>, open <code>theme.liquid</code> and find the line{' '}
          <code>&lt;/head&gt;</code>.
        </li>
        <li>
          Paste this just before <code>&lt;/head&gt;</code>, then click <strong>Save</strong>:
          <pre
            className="mt-2 overflow-x-auto rounded-md bg-slate-950 p-3 text-xs text-slate-200"
            data-testid="theme-liquid-snippet"
          >
            {snippet}
          </pre>
          The <code>{'{% if customer %}'}</code> line adds, for a signed-in customer only, the SHA-256 of
          their lower-cased e-mail (computed by Shopify; the address itself never leaves the page).
        </li>
        <li>Open your store in a new tab and click “Verify installation” below.</li>
      </ol>
      <h4 className="mt-4 font-medium text-slate-100">How visits are joined to orders</h4>
      <p className="mt-1">
        Checkout pages do not run theme scripts, so the tracker never sees the checkout itself (the Shopify
        custom pixel below does, and joins the order it completes first). The tracker writes the visitor id
        (the first-party cookie <code>_upside_vid</code>) into the cart as the attribute{' '}
        <code>_upside_vid</code> (<code>POST /cart/update.js</code>). Shopify copies cart attributes onto the
        order, so each synced order names the visitor whose latest session before the order gets the credit.
        Orders without it fall back to the cart token, then the landing page with the same UTM tags within
        three hours, then the e-mail hash. With <code>data-consent="required"</code> no cookie and no cart
        attribute are written until the page calls <code>window.upsideConsent()</code>.
      </p>
      <h4 className="mt-4 font-medium text-slate-100">
        The <code>data-allow-automation</code> attribute
      </h4>
      <p className="mt-1">
        The tracker skips browsers driven by automation (<code>navigator.webdriver</code>: bots, uptime
        checkers, test robots), so they do not count as visitors. Add <code>data-allow-automation</code> to
        the script tag only when you want such browsers recorded, for example your own end-to-end tests; leave
        it off on a live store.
      </p>
    </details>
  );
}
