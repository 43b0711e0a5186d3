/**
 * Entry of dist/tracker.js. The embed snippet configures it with data attributes:
 *
 *   <script defer src="https://upside.example/tracker.js" data-tracking-id="trk_…"
 *     data-api-key="…" data-endpoint="https://upside.example/api/cursor-tracking/events"></script>
 *
 * Optional: `data-sample` (mouse-move fraction, default 0.1), `data-opt-out` (disable), and
 * `data-allow-automation` (track browsers driven by automation, which are skipped otherwise; our
 * own browser tests set it). A visitor opts out with `localStorage.upside_opt_out = '1'`.
 */
import { startTracker } from './tracker.ts';

/** Reads the snippet's attributes and starts the tracker unless opted out or automated. */
export function bootTracker(w: Window): void {
  const s = (w.document.currentScript ||
    w.document.querySelector('script[data-tracking-id]')) as HTMLScriptElement | null;
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
      sample: Number(a('sample') || 0.1),
    },
    w,
  );
}

bootTracker(window);
