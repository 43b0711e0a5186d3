/**
 * Entry of dist/tracker.js. The embed snippet configures it with data attributes:
 *
 *   <script defer src="https://upside.example/tracker.js" data-tracking-id="trk_…"
 *     data-api-key="…" data-endpoint="https://upside.example/api/cursor-tracking/events"></script>
 *
 * Optional: `data-sample` (mouse-move fraction, default 0.1), `data-visitor-days` (lifetime of the
 * `_upside_vid` visitor cookie, default 365), `data-consent="required"` (no visitor cookie until the
 * page calls `window.upsideConsent()`), `data-email-hash` (sha256 hex of a signed-in customer's
 * lower-cased e-mail, e.g. `{{ customer.email | downcase | sha256 }}` in Liquid), `data-opt-out` (disable), and
 * `data-allow-automation` (track browsers driven by automation, which are skipped otherwise; our
 * own browser tests set it). A visitor opts out with `localStorage.upside_opt_out = '1'`.
 */
import { startTracker } from './tracker.ts';

/** Reads the snippet's attributes and starts the tracker unless opted out or automated. */
export function bootTracker(w: Window): void {
  const s = w.document.querySelector<HTMLScriptElement>('script[data-tracking-id]');
  if (!s) return;
  const a = (n: string) => s.getAttribute(`data-${n}`);
  let optedOut = false;
  try {
    optedOut = w.localStorage.getItem('upside_opt_out') === '1';
  } catch {}
  if (optedOut || a('opt-out') !== null || (w.navigator.webdriver && a('allow-automation') === null)) return;
  const trackingId = a('tracking-id');
  const apiKey = a('api-key');
  if (!trackingId || !apiKey) return;
  startTracker(
    {
      trackingId,
      apiKey,
      endpoint: a('endpoint') || new URL('/api/cursor-tracking/events', s.src).href,
      sample: +(a('sample') || 0.1),
      visitorDays: +(a('visitor-days') || 365),
      consent: a('consent'),
      emailHash: a('email-hash'),
    },
    w,
  );
}

bootTracker(window);
