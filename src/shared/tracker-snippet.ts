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
