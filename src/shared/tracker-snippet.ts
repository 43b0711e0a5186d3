/**
 * The snippet a store owner pastes into their pages: the tracker script from our origin, configured
 * by attributes (src/tracker/main.ts lists the optional ones). Shown on Manage Websites and served
 * in the demo storefront.
 */
export function embedSnippet(configuration: { trackingId: string; apiKey: string }, origin: string): string {
  return [
    '<!-- Upside cursor tracking -->',
    '<script defer',
    `  src="${origin}/tracker.js"`,
    `  data-tracking-id="${configuration.trackingId}"`,
    `  data-api-key="${configuration.apiKey}"`,
    `  data-endpoint="${origin}/api/cursor-tracking/events"></script>`,
  ].join('\n');
}

/**
 * The snippet for a Shopify theme's `layout/theme.liquid`, pasted just before `</head>` (issue #38
 * item 3): the embed snippet plus, for a signed-in customer, the SHA-256 of their lower-cased e-mail
 * in Liquid (`data-email-hash`, the last fallback of the order join). No address leaves the page.
 */
export function shopifyThemeSnippet(
  configuration: { trackingId: string; apiKey: string },
  origin: string,
): string {
  return embedSnippet(configuration, origin).replace(
    '></script>',
    '\n  {% if customer %}data-email-hash="{{ customer.email | downcase | sha256 }}"{% endif %}></script>',
  );
}
