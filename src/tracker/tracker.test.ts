// @vitest-environment happy-dom

import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPixel, buildTracker, TRACKER_GZIP_BUDGET } from './build.ts';
import { bootTracker } from './main.ts';
import { selectorOf, startTracker, type WireEvent } from './tracker.ts';

interface SentBody {
  trackingId: string;
  apiKey: string;
  events: WireEvent[];
}

const config = {
  trackingId: 'trk_test',
  apiKey: 'key_test',
  endpoint: 'https://upside.test/api/e',
  sample: 0.1,
  visitorDays: 30,
};

/**
 * A fresh browser window per test, so listeners of one tracker never leak into the next. Its
 * timers run on the (faked) test clock; fetch and sendBeacon are the page's transports, recorded.
 */
function openWindow(path = '/start') {
  const w = new Window({ url: `https://shop.test${path}`, width: 1280, height: 800 });
  const fetches: { url: string; init: RequestInit }[] = [];
  const beacons: { url: string; body: string }[] = [];
  const carts: string[] = [];
  Object.assign(w, {
    setTimeout: (f: () => void, ms: number) => setTimeout(f, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    fetch: async (url: string, init: RequestInit) => {
      if (url === '/cart/update.js') {
        carts.push(String(init.body));
        return new Response('{"token":"cart-tok-1"}');
      }
      fetches.push({ url, init });
      return new Response('{}', { status: 202 });
    },
  });
  Object.defineProperty(w.navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      beacons.push({ url, body });
      return true;
    },
  });
  const bodies = () => fetches.map((f) => JSON.parse(String(f.init.body)) as SentBody);
  const events = () =>
    [...bodies(), ...beacons.map((b) => JSON.parse(b.body) as SentBody)].flatMap((b) => b.events);
  const win = w as unknown as typeof window;
  const click = (target: Element, clientX: number, clientY: number) =>
    target.dispatchEvent(new w.MouseEvent('click', { bubbles: true, clientX, clientY }) as unknown as Event);
  const move = (clientX: number, clientY: number, target: EventTarget = win.document) =>
    target.dispatchEvent(
      new w.MouseEvent('mousemove', { bubbles: true, clientX, clientY }) as unknown as Event,
    );
  opened.push(w);
  return { w: win, doc: win.document, fetches, beacons, carts, bodies, events, click, move };
}
const opened: Window[] = [];

describe('tracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    for (const w of opened.splice(0)) await w.happyDOM.close();
  });

  it('keeps the Shopify custom pixel template within the same budget, with a margin for zlib builds', async () => {
    vi.useRealTimers();
    const built = await buildPixel();
    console.log(`pixel.js: ${built.bytes} B, ${built.gzipBytes} B gzipped (budget ${TRACKER_GZIP_BUDGET} B)`);
    expect(built.code).toContain('__UPSIDE_PIXEL_CONFIG__');
    // The site's config adds about 100 B; Debian's zlib may differ by a few bytes (decision 101).
    expect(built.gzipBytes).toBeLessThanOrEqual(TRACKER_GZIP_BUDGET - 256);
  });

  it('stays within the gzip budget', async () => {
    vi.useRealTimers();
    const built = await buildTracker();
    console.log(
      `tracker.js: ${built.bytes} B, ${built.gzipBytes} B gzipped (budget ${TRACKER_GZIP_BUDGET} B)`,
    );
    expect(built.gzipBytes).toBeGreaterThan(500);
    expect(built.gzipBytes).toBeLessThanOrEqual(TRACKER_GZIP_BUDGET);
    expect(built.code).not.toMatch(/keydown|keyup|keypress|\.value\b/);
  }, 30_000);

  it('records a page view and a click with selector, offsets and sizes, sent as text after the interval', async () => {
    const t = openWindow();
    t.doc.body.innerHTML =
      '<main><div class="card hero extra"><button id="buy">Buy</button><a>x</a></div></main>';
    const button = t.doc.getElementById('buy')!;
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue({ left: 100, top: 40 } as DOMRect);
    startTracker(config, t.w);
    t.click(button, 130, 55);
    t.click(t.doc.querySelector('a')!, 5, 5);
    expect(t.fetches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.fetches).toHaveLength(1);
    const { url, init } = t.fetches[0]!;
    expect(url).toBe(config.endpoint);
    expect(typeof init.body).toBe('string'); // a string body goes as text/plain: no CORS preflight
    expect(init.headers).toBeUndefined();
    expect(init.keepalive).toBe(true);
    const body = t.bodies()[0]!;
    expect(body.trackingId).toBe('trk_test');
    expect(body.apiKey).toBe('key_test');
    const [view, buy, a] = body.events;
    expect(view).toMatchObject({ eventType: 'page_view', pageUrl: 'https://shop.test/start' });
    expect(buy).toMatchObject({
      eventType: 'click',
      x: 130,
      y: 55,
      elementSelector: '#buy',
      offsetX: 30,
      offsetY: 15,
      viewportWidth: 1280,
      viewportHeight: 800,
    });
    expect(a!.elementSelector).toBe('body>main>div.card.hero>a');
    expect(buy!.sessionId).toMatch(/^[a-z0-9]{10,}$/);
    expect(typeof buy!.timestamp).toBe('number');
  });

  it('sends at most one request per interval per tab', async () => {
    const t = openWindow();
    startTracker(config, t.w);
    for (let i = 0; i < 250; i++) t.click(t.doc.body, i, i);
    t.doc.body.setAttribute('data-opened', '1'); // the page answered: no dead clicks
    await vi.advanceTimersByTimeAsync(4999);
    expect(t.fetches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(t.fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fetches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.fetches).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.fetches).toHaveLength(3);
    expect(t.events()).toHaveLength(251);
    for (const f of t.fetches) expect(String(f.init.body).length).toBeLessThan(60_000);
  });

  it('samples mouse moves at the configured rate and coalesces nearby ones', async () => {
    const t = openWindow();
    const random = vi.spyOn(Math, 'random');
    startTracker({ ...config, sample: 0.1 }, t.w);
    random.mockReturnValue(0.5); // not sampled at 10 %
    for (let i = 0; i < 20; i++) t.move(i * 50, 10);
    random.mockReturnValue(0.05); // sampled
    t.move(300, 300);
    t.move(305, 302); // within 20 px of the previous move: replaces it
    t.move(400, 300);
    await vi.advanceTimersByTimeAsync(5000);
    const moves = t.events().filter((e) => e.eventType === 'cursor_move');
    expect(moves.map((m) => [m.x, m.y])).toEqual([
      [305, 302],
      [400, 300],
    ]);
  });

  it('follows SPA route changes and reports the deepest scroll of the page left', async () => {
    const t = openWindow();
    Object.defineProperty(t.doc.documentElement, 'scrollHeight', { configurable: true, value: 4000 });
    startTracker(config, t.w);
    Object.defineProperty(t.w, 'scrollY', { configurable: true, value: 1232 });
    t.w.dispatchEvent(new t.w.Event('scroll'));
    t.w.history.pushState(null, '', '/products');
    t.w.history.pushState(null, '', '/products'); // same URL: no second page view
    t.w.history.replaceState(null, '', '/cart');
    t.w.history.pushState(null, '', '/checkout');
    t.w.history.back();
    await vi.advanceTimersByTimeAsync(5000);
    const events = t.events();
    const views = events.filter((e) => e.eventType === 'page_view').map((e) => new URL(e.pageUrl).pathname);
    expect(views.slice(0, 4)).toEqual(['/start', '/products', '/cart', '/checkout']);
    const scroll = events.find((e) => e.eventType === 'scroll')!;
    expect(new URL(scroll.pageUrl).pathname).toBe('/start');
    expect(scroll.y).toBe(1232 + 800);
    expect(scroll.scrollDepth).toBe(Math.round(((1232 + 800) / 4000) * 100));
  });

  it('flushes everything by sendBeacon on pagehide, in bodies under 60 KB', () => {
    const t = openWindow();
    startTracker(config, t.w);
    for (let i = 0; i < 230; i++) t.click(t.doc.body, i, i);
    t.w.dispatchEvent(new t.w.Event('pagehide'));
    expect(t.fetches).toHaveLength(0);
    expect(t.beacons).toHaveLength(3);
    for (const b of t.beacons) expect(b.body.length).toBeLessThan(60_000);
    expect(t.events()).toHaveLength(231);
  });

  it('splits a batch whose body would pass 60 KB, and caps page URLs at 2,000 characters', async () => {
    const t = openWindow(`/search/${'x'.repeat(2500)}`);
    startTracker(config, t.w);
    for (let i = 0; i < 99; i++) t.click(t.doc.body, i, i);
    t.doc.body.setAttribute('data-opened', '1');
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.fetches.length).toBeGreaterThan(1);
    for (const f of t.fetches) expect(String(f.init.body).length).toBeLessThan(60_000);
    expect(t.events()).toHaveLength(100);
    expect(t.events()[0]!.pageUrl.length).toBe(2000);
  });

  it('never records keystrokes or input values', async () => {
    const t = openWindow();
    t.doc.body.innerHTML = '<form><input id="card" name="card" value=""></form>';
    startTracker(config, t.w);
    const input = t.doc.getElementById('card') as HTMLInputElement;
    input.value = '4242424242424242';
    input.dispatchEvent(new t.w.KeyboardEvent('keydown', { key: '4', bubbles: true }));
    input.dispatchEvent(new t.w.Event('input', { bubbles: true }));
    t.click(input, 10, 10);
    await vi.advanceTimersByTimeAsync(5000);
    const raw = t.fetches.map((f) => String(f.init.body)).join('');
    expect(raw).not.toContain('4242');
    expect(t.events().map((e) => e.eventType)).toEqual(['page_view', 'click', 'dead_click']);
  });

  it('keeps one session id per tab across reloads', () => {
    const t = openWindow();
    startTracker(config, t.w);
    startTracker(config, t.w);
    t.w.dispatchEvent(new t.w.Event('pagehide'));
    const ids = new Set(t.events().map((e) => e.sessionId));
    expect(ids.size).toBe(1);
  });

  describe('placing events over elements that do not scroll with the page', () => {
    // Scrolled 2,000 px down and 30 px right. The header is fixed; one bar is sticky and stuck at
    // the top (in flow it sits at page y 400); the other sticky bar is not stuck (it is where its
    // flow puts it, 300 px down the viewport).
    const scroll = { x: 30, y: 2000 };
    const stuckInFlow = { left: 0, top: 400 };
    const stuckNow = { left: 0, top: 0 };

    function scrolledPage() {
      const t = openWindow();
      t.doc.head.innerHTML =
        '<style>header { position: fixed; top: 0 } .bar { position: sticky; top: 0 }</style>';
      t.doc.body.innerHTML = [
        '<header><a id="logo">Shop</a></header>',
        '<main><div class="bar" id="stuck" style="color: red"><button id="sort">Sort</button></div>',
        '<div class="bar" id="free"><button id="filter">Filter</button></div>',
        '<p><a id="plain">More</a></p></main>',
      ].join('');
      Object.defineProperty(t.w, 'scrollX', { configurable: true, value: scroll.x });
      Object.defineProperty(t.w, 'scrollY', { configurable: true, value: scroll.y });
      // happy-dom has no layout: the stuck bar reports its stuck box, or its in-flow box while static.
      const stuck = t.doc.getElementById('stuck')!;
      vi.spyOn(stuck, 'getBoundingClientRect').mockImplementation(() => {
        const inFlow = t.w.getComputedStyle(stuck).position === 'static';
        const r = inFlow ? { left: stuckInFlow.left - scroll.x, top: stuckInFlow.top - scroll.y } : stuckNow;
        return { ...r, right: r.left + 1280, bottom: r.top + 48, width: 1280, height: 48 } as DOMRect;
      });
      const free = t.doc.getElementById('free')!;
      vi.spyOn(free, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 300 } as DOMRect);
      startTracker(config, t.w);
      return t;
    }
    const clicked = async (t: ReturnType<typeof scrolledPage>, selector: string) => {
      await vi.advanceTimersByTimeAsync(5000);
      return t.events().find((e) => e.eventType === 'click' && e.elementSelector === selector)!;
    };

    it('places a click inside a fixed element at its viewport position (the page at scroll 0)', async () => {
      const t = scrolledPage();
      t.click(t.doc.getElementById('logo')!, 200, 20);
      expect(await clicked(t, '#logo')).toMatchObject({ x: 200, y: 20 });
    });

    it('places a click inside a stuck sticky element at its in-flow position, and restores its style', async () => {
      const t = scrolledPage();
      const stuck = t.doc.getElementById('stuck')!;
      t.click(t.doc.getElementById('sort')!, 50, 10);
      const e = await clicked(t, '#sort');
      expect(e).toMatchObject({
        x: stuckInFlow.left + (50 - stuckNow.left),
        y: stuckInFlow.top + (10 - stuckNow.top),
      });
      expect(stuck.style.color).toBe('red');
      expect(stuck.style.position).toBe('');
      expect(t.w.getComputedStyle(stuck).position).toBe('sticky');
    });

    it('places a click inside a sticky element that is not stuck, or a normal one, at client + scroll', async () => {
      const t = scrolledPage();
      t.click(t.doc.getElementById('filter')!, 60, 320);
      t.click(t.doc.getElementById('plain')!, 70, 500);
      expect(await clicked(t, '#filter')).toMatchObject({ x: 60 + scroll.x, y: 320 + scroll.y });
      expect(await clicked(t, '#plain')).toMatchObject({ x: 70 + scroll.x, y: 500 + scroll.y });
      // A style attribute the tracker added for measuring is removed again.
      expect(t.doc.getElementById('free')!.hasAttribute('style')).toBe(false);
    });

    it('places sampled mouse moves the same way', async () => {
      const t = scrolledPage();
      vi.spyOn(Math, 'random').mockReturnValue(0.05);
      t.move(200, 20, t.doc.getElementById('logo')!);
      t.move(50, 10, t.doc.getElementById('sort')!);
      t.move(70, 500, t.doc.getElementById('plain')!);
      await vi.advanceTimersByTimeAsync(5000);
      const moves = t.events().filter((e) => e.eventType === 'cursor_move');
      expect(moves.map((m) => [m.x, m.y])).toEqual([
        [200, 20],
        [stuckInFlow.left + 50, stuckInFlow.top + 10],
        [70 + scroll.x, 500 + scroll.y],
      ]);
    });
  });

  describe('first-party journeys', () => {
    it('keeps only UTM parameters, click ids and the A/B variant of the query, drops the fragment, and sends the referrer', async () => {
      const t = openWindow(
        '/p/mug?utm_source=facebook&email=a%40b.c&fbclid=F1&gclid=G1&utm_campaign=fall&x=1&upside_exp=hero:b#token=s',
      );
      Object.defineProperty(t.doc, 'referrer', { value: 'https://l.facebook.com/' });
      startTracker(config, t.w);
      await vi.advanceTimersByTimeAsync(5000);
      const [view] = t.events();
      expect(view).toMatchObject({
        eventType: 'page_view',
        pageUrl:
          'https://shop.test/p/mug?utm_source=facebook&fbclid=F1&gclid=G1&utm_campaign=fall&upside_exp=hero:b',
        referrer: 'https://l.facebook.com/',
      });
      expect(JSON.stringify(t.bodies())).not.toMatch(/a%40b|token=s|x=1/);
    });

    it('sets a first-party visitor cookie of the configured lifetime and tags every event with it', async () => {
      const t = openWindow();
      const cookies: string[] = [];
      let proto = Object.getPrototypeOf(t.doc);
      while (!Object.getOwnPropertyDescriptor(proto, 'cookie')) proto = Object.getPrototypeOf(proto);
      const jar = Object.getOwnPropertyDescriptor(proto, 'cookie')!;
      Object.defineProperty(t.doc, 'cookie', {
        get: () => jar.get!.call(t.doc),
        set: (v: string) => {
          cookies.push(v);
          jar.set!.call(t.doc, v);
        },
      });
      startTracker(config, t.w);
      t.click(t.doc.body, 1, 1);
      await vi.advanceTimersByTimeAsync(5000);
      const [view, click] = t.events();
      expect(view!.visitorId).toBe(view!.sessionId); // a new visitor's id is its first session id
      expect(click!.visitorId).toBe(view!.visitorId);
      expect(cookies).toEqual([`_upside_vid=${view!.visitorId};path=/;max-age=${30 * 86_400}`]);
      // A returning visitor keeps the id of its cookie, in a new tab (new session).
      const back = openWindow();
      back.doc.cookie = '_upside_vid=returning1';
      startTracker(config, back.w);
      await vi.advanceTimersByTimeAsync(5000);
      expect(back.events()[0]).toMatchObject({ visitorId: 'returning1' });
      expect(back.events()[0]!.sessionId).not.toBe('returning1');
    });

    it('sets no cookie and sends no visitor id until consent when the snippet requires it', async () => {
      const t = openWindow();
      Object.assign(t.w, { Shopify: {} });
      startTracker({ ...config, consent: 'required' }, t.w);
      await vi.advanceTimersByTimeAsync(5000);
      expect(t.doc.cookie).toBe('');
      expect(t.carts).toEqual([]);
      expect(t.events()[0]!.visitorId).toBeUndefined();
      (t.w as unknown as { upsideConsent: () => void }).upsideConsent();
      t.click(t.doc.body, 1, 1);
      await vi.advanceTimersByTimeAsync(5000);
      expect(t.doc.cookie).toMatch(/^_upside_vid=\w+$/);
      expect(t.carts).toHaveLength(1);
      expect(t.events().at(-1)!.visitorId).toBe(t.doc.cookie.split('=')[1]);
    });

    it('writes the visitor id into the Shopify cart attributes and sends the cart token with later events', async () => {
      const t = openWindow();
      Object.assign(t.w, { Shopify: {} });
      startTracker({ ...config, emailHash: 'ab'.repeat(32) }, t.w);
      await vi.advanceTimersByTimeAsync(0);
      t.click(t.doc.body, 1, 1);
      t.doc.body.setAttribute('data-opened', '1');
      await vi.advanceTimersByTimeAsync(5000);
      const [view, click] = t.events();
      expect(t.carts).toEqual([`attributes%5B_upside_vid%5D=${view!.visitorId}`]);
      expect(view!.cartToken).toBeUndefined();
      expect(click).toMatchObject({ cartToken: 'cart-tok-1', emailHash: 'ab'.repeat(32) });
      // Not a Shopify page: no cart request.
      const plain = openWindow();
      startTracker(config, plain.w);
      expect(plain.carts).toEqual([]);
    });

    it('reports a click with no navigation and no DOM change within 2.5 s as a dead click', async () => {
      const t = openWindow();
      t.doc.body.innerHTML = '<button id="dead">x</button><button id="live">y</button><a id="nav">z</a>';
      startTracker(config, t.w);
      t.click(t.doc.getElementById('dead')!, 10, 20);
      await vi.advanceTimersByTimeAsync(2500);
      t.click(t.doc.getElementById('live')!, 30, 40);
      await vi.advanceTimersByTimeAsync(100);
      t.doc.getElementById('live')!.textContent = 'added';
      t.click(t.doc.getElementById('nav')!, 50, 60);
      t.w.history.pushState({}, '', '/next');
      await vi.advanceTimersByTimeAsync(5000);
      const dead = t.events().filter((e) => e.eventType === 'dead_click');
      expect(dead).toEqual([
        expect.objectContaining({
          x: 10,
          y: 20,
          elementSelector: '#dead',
          pageUrl: 'https://shop.test/start',
        }),
      ]);
    });
  });

  it('builds stable selectors with nth-of-type and id anchors', () => {
    const t = openWindow();
    t.doc.body.innerHTML = '<ul id="list"><li>a</li><li class="x y z">b</li></ul>';
    expect(selectorOf(t.doc.querySelectorAll('li')[1]!)).toBe('#list>li.x.y:nth-of-type(2)');
  });
});

describe('embed snippet boot', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const w of opened.splice(0)) await w.happyDOM.close();
  });

  function withSnippet(attributes: Record<string, string>, optOut = false) {
    const t = openWindow();
    if (optOut) t.w.localStorage.setItem('upside_opt_out', '1');
    const script = t.doc.createElement('script');
    for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v);
    t.doc.head.append(script);
    bootTracker(t.w);
    return t;
  }
  const snippet = {
    src: 'https://upside.test/tracker.js',
    'data-tracking-id': 'trk_boot',
    'data-api-key': 'k',
  };

  it('skips automated browsers unless the snippet opts in', async () => {
    const skipped = withSnippet(snippet);
    expect(skipped.w.navigator.webdriver).toBe(true);
    const allowed = withSnippet({ ...snippet, 'data-allow-automation': '' });
    await vi.advanceTimersByTimeAsync(6000);
    expect(skipped.fetches).toHaveLength(0);
    expect(allowed.fetches).toHaveLength(1);
    // The endpoint defaults to the script's own origin.
    expect(allowed.fetches[0]!.url).toBe('https://upside.test/api/cursor-tracking/events');
    expect(allowed.bodies()[0]!.trackingId).toBe('trk_boot');
  });

  it('honours the opt-out flags and needs a tracking id and key', async () => {
    const stored = withSnippet({ ...snippet, 'data-allow-automation': '' }, true);
    const attribute = withSnippet({ ...snippet, 'data-allow-automation': '', 'data-opt-out': '' });
    const keyless = withSnippet({ src: snippet.src, 'data-tracking-id': 'x', 'data-allow-automation': '' });
    await vi.advanceTimersByTimeAsync(6000);
    for (const t of [stored, attribute, keyless]) expect(t.fetches).toHaveLength(0);
  });
});
