/**
 * The embeddable cursor tracker. It has no dependencies and is bundled on its own (build.ts) under
 * a hard gzip budget, so everything here is written for size: short helpers, no classes, no
 * polyfills. It records page views, clicks (page position, with fixed and stuck sticky elements at
 * their unscrolled place, see `at`; viewport and document size, CSS selector, offset inside the
 * clicked element), mouse moves (sampled, then coalesced, placed like clicks) and the deepest
 * scroll of each page, and sends them in batches of plain-text JSON (a "simple" CORS request, so no
 * preflight) at most once per flush interval, plus a last beacon on pagehide.
 * It never listens to keyboard events and never reads input values.
 *
 * First-party journeys (issue 16): the first page view carries the referrer (origin and path);
 * page URLs keep only UTM parameters and click ids of their query string (no fragment); every event
 * carries the visitor id, a first-party cookie `_upside_vid` that lives `visitorDays` days, which
 * is also written into the Shopify cart attributes (`POST /cart/update.js`) so the order carries
 * it. When the snippet says consent is required, there is no cookie, no visitor id and no cart
 * write until the page calls `window.upsideConsent()`. A click followed by no navigation and no DOM
 * change within 2.5 s is also sent as a `dead_click`.
 */

/** What the embed snippet configures (see main.ts for the data attributes). */
export interface TrackerConfig {
  trackingId: string;
  apiKey: string;
  endpoint: string;
  /** Fraction of mouse moves kept; the product constant is 0.1 (spec §9). */
  sample: number;
  /** Lifetime of the visitor-id cookie in days (the snippet's default is 365). */
  visitorDays: number;
  /** Non-empty (the snippet's "required") when the visitor id must wait for `window.upsideConsent()`. */
  consent?: string | null;
  /** sha256 hex of a signed-in customer's e-mail, when the page knows it (Liquid `sha256`). */
  emailHash?: string | null;
}

/** One event on the wire; field names follow spec §3 "Cursor event" plus our layout fields. */
export interface WireEvent {
  eventType: 'page_view' | 'click' | 'cursor_move' | 'scroll' | 'dead_click';
  x: number;
  y: number;
  sessionId: string;
  pageUrl: string;
  timestamp: number;
  viewportWidth: number;
  viewportHeight: number;
  documentWidth: number;
  documentHeight: number;
  elementSelector?: string;
  offsetX?: number;
  offsetY?: number;
  scrollDepth?: number;
  visitorId?: string;
  referrer?: string;
  cartToken?: string;
  emailHash?: string | null;
}

/** Events per request: 100 full events stay well under the 60 KB keepalive/beacon quota. */
const BATCH = 100;
/** Milliseconds between two requests of one tab. */
const INTERVAL = 5000;
/** Queue cap: beyond it mouse moves are dropped, clicks and page views still kept. */
const QUEUE_CAP = 1000;

/** Builds a short CSS selector: up to four levels, anchored at the nearest id. */
export function selectorOf(el: Element | null): string {
  const parts: string[] = [];
  for (let i = 0; el && el.nodeType === 1 && i < 4; i++) {
    const tag = el.tagName.toLowerCase();
    if (el.id) {
      parts.unshift(`#${CSS.escape(el.id)}`);
      break;
    }
    let part = tag;
    for (const c of [...el.classList].slice(0, 2)) part += `.${CSS.escape(c)}`;
    const parent: Element | null = el.parentElement;
    if (parent) {
      const same = [...parent.children].filter((s) => s.tagName === el!.tagName);
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(el) + 1})`;
    }
    parts.unshift(part);
    if (tag === 'body') break;
    el = parent;
  }
  return parts.join('>').slice(0, 256);
}

/** Starts tracking in `w`; returns a function that flushes what is queued (used on pagehide). */
export function startTracker(c: TrackerConfig, w: Window = window): () => void {
  const d = w.document;
  const nav = w.navigator;
  const M = Math;
  const round = M.round;
  // One session id per tab (sessionStorage), made of time and randomness (spec §4).
  let sessionId = Date.now().toString(36) + M.random().toString(36).slice(2, 10);
  try {
    const ss = w.sessionStorage;
    sessionId = ss.getItem('upside_sid') || sessionId;
    ss.setItem('upside_sid', sessionId);
  } catch {}
  /** Fields every event carries once known: visitor id, cart token, e-mail hash. */
  const who: Partial<WireEvent> = { emailHash: c.emailHash };
  /** Sets the visitor cookie (reusing its id), tells the Shopify cart, and tags later events. */
  const grant = () => {
    // A new visitor's id is its first session id (time and randomness, like every session id).
    const v = (d.cookie.match(/_upside_vid=(\w+)/) || [])[1] || sessionId;
    d.cookie = `_upside_vid=${v};path=/;max-age=${c.visitorDays * 864e2}`;
    who.visitorId = v;
    if ('Shopify' in w)
      w.fetch('/cart/update.js', {
        method: 'POST',
        body: new URLSearchParams({ 'attributes[_upside_vid]': v }),
      })
        .then((r) => r.json())
        .then((k) => (who.cartToken = k.token))
        .catch(() => {});
  };
  const queue: WireEvent[] = [];
  let timer = 0;
  let page = '';
  let maxScroll = 0;
  let lastScroll = 0;

  const post = (events: WireEvent[], beacon?: boolean): void => {
    const body = JSON.stringify({ trackingId: c.trackingId, apiKey: c.apiKey, events });
    // Keepalive and beacon bodies share a ~64 KB quota (and the server takes 64 KB): split big ones.
    const half = events.length >> 1;
    if (body.length > 6e4 && half) {
      post(events.slice(0, half), beacon);
      post(events.slice(half), beacon);
      return;
    }
    try {
      if (!(beacon && nav.sendBeacon?.(c.endpoint, body)))
        w.fetch(c.endpoint, { method: 'POST', body, keepalive: true }).catch(() => {});
    } catch {}
  };

  /** Sends one batch now and schedules the next one no sooner than `interval` from now. */
  const send = () => {
    timer = 0;
    if (queue.length) {
      post(queue.splice(0, BATCH));
      if (queue.length) timer = w.setTimeout(send, INTERVAL) as unknown as number;
    }
  };

  const push = (t: WireEvent['eventType'], x: number, y: number, extra?: Partial<WireEvent>) => {
    const e = d.documentElement;
    const ev: WireEvent = {
      eventType: t,
      x: round(x),
      y: round(y),
      sessionId,
      pageUrl: page,
      timestamp: Date.now(),
      viewportWidth: w.innerWidth,
      viewportHeight: w.innerHeight,
      documentWidth: e.scrollWidth,
      documentHeight: e.scrollHeight,
      ...who,
      ...extra,
    };
    const last = queue[queue.length - 1];
    // Coalesce: a sampled move within 20 px of the previous queued move replaces it (resting point).
    if (t === 'cursor_move' && last?.eventType === t && M.hypot(last.x - ev.x, last.y - ev.y) < 20)
      queue[queue.length - 1] = ev;
    else if (queue.length < QUEUE_CAP || t !== 'cursor_move') queue.push(ev);
    if (!timer) timer = w.setTimeout(send, INTERVAL) as unknown as number;
  };

  /** Queues the deepest scroll reached on the current page, if it grew since the last report. */
  const pushScroll = () => {
    if (maxScroll > lastScroll) {
      lastScroll = maxScroll;
      const h = d.documentElement.scrollHeight;
      push('scroll', w.scrollX, maxScroll, { scrollDepth: M.min(100, round((maxScroll / h) * 100)) });
    }
  };

  /** A new page (first load or SPA route change): report the old page's scroll, then a page view. */
  const view = () => {
    // Query strings keep only UTM parameters and click ids; the fragment goes.
    const u = new URL(w.location.href);
    u.search = (u.search.match(/[?&](utm_\w+|upside_exp|(fb|g|tt|ms)clid)=[^&]*/g) || []).join('').slice(1);
    u.hash = '';
    const href = u.href.slice(0, 2000);
    if (href === page) return;
    if (page) pushScroll();
    page = href;
    maxScroll = lastScroll = 0;
    // The session's first page view is its landing page and its referrer the source (the browser's
    // default policy sends other sites' origin only; the server drops any query before storing).
    push('page_view', 0, 0, { referrer: d.referrer });
  };

  /** DOM changes seen so far: a click after which this does not move is a dead click. */
  let changes = 0;
  const seen = new MutationObserver(() => changes++);
  seen.observe(d, { subtree: true, childList: true, attributes: true });

  /**
   * Page position of a pointer event: client position plus scroll, except over elements that do not
   * scroll with the page. Inside a fixed element it is the viewport position (the page position at
   * scroll 0); inside a sticky one it is the element's in-flow position, as if not stuck. So every
   * click on one header lands on one spot of the heatmap whatever the scroll.
   */
  const at = (m: MouseEvent): [number, number] => {
    let x = m.clientX;
    let y = m.clientY;
    let st: HTMLElement | undefined;
    for (let el = m.target as HTMLElement | null; el && el.nodeType === 1; el = el.parentElement) {
      const p = w.getComputedStyle(el).position;
      if (p === 'fixed') return [x, y];
      if (p === 'sticky') st = el;
    }
    if (st) {
      // Layout exposes no "unstuck" position: measure the (outermost) sticky ancestor static for a
      // moment, then restore its inline style; nothing paints in between.
      const s = st.style;
      const c = st.getAttribute('style');
      const a = st.getBoundingClientRect();
      s.setProperty('position', 'static', 'important');
      const b = st.getBoundingClientRect();
      if (c === null) st.removeAttribute('style');
      else s.cssText = c;
      seen.takeRecords(); // our own measuring is no DOM change
      x += b.left - a.left;
      y += b.top - a.top;
    }
    return [x + w.scrollX, y + w.scrollY];
  };

  const on = (t: EventTarget, n: string, f: (e: Event) => void) =>
    t.addEventListener(n, f, { passive: true });

  on(d, 'click', (e) => {
    const m = e as MouseEvent;
    const el = m.target as Element;
    const r = el.getBoundingClientRect();
    const p = at(m);
    const elementSelector = selectorOf(el);
    const n = changes;
    const from = page;
    push('click', ...p, {
      elementSelector,
      offsetX: round(m.clientX - r.left),
      offsetY: round(m.clientY - r.top),
    });
    w.setTimeout(() => n === changes && from === page && push('dead_click', ...p, { elementSelector }), 2500);
  });
  on(d, 'mousemove', (e) => {
    const m = e as MouseEvent;
    if (M.random() < c.sample) push('cursor_move', ...at(m));
  });
  on(w, 'scroll', () => {
    maxScroll = M.max(maxScroll, round(w.scrollY + w.innerHeight));
  });
  const h = w.history;
  for (const k of ['pushState', 'replaceState'] as const) {
    const orig = h[k];
    h[k] = function (this: History, ...a: Parameters<History['pushState']>) {
      orig.apply(this, a);
      view();
    };
  }
  on(w, 'popstate', view);

  const flush = () => {
    pushScroll();
    while (queue.length) post(queue.splice(0, BATCH), true);
    w.clearTimeout(timer);
    timer = 0;
  };
  on(w, 'pagehide', flush);
  on(d, 'visibilitychange', () => {
    if (d.visibilityState === 'hidden') flush();
  });
  if (c.consent) (w as Window & { upsideConsent?: () => void }).upsideConsent = grant;
  else grant();
  view();
  return flush;
}
