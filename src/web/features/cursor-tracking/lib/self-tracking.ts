import type { CursorEvent } from '@shared/contracts/cursor-tracking.ts';

/**
 * The dashboard's own Start/Stop Tracking (spec §4; docs/decisions/007): while started, mouse moves
 * (sampled at 10 %), clicks and scroll positions of this tab are sent to
 * `POST /api/cursor-tracking/events` as `{events}` with the session cookie, in batches at most every
 * 5 s and once more when stopped or when the tab is hidden. Keys and input values are never read.
 */
export const MOVE_SAMPLE_RATE = 0.1;
const FLUSH_INTERVAL_MS = 5000;

/** Client session id from time and randomness (spec §4). */
export function createSessionId(now = Date.now(), random = Math.random): string {
  return `${now.toString(36)}${random().toString(36).slice(2, 10)}`;
}

function selectorOf(element: Element | null): string {
  const parts: string[] = [];
  for (let el = element, depth = 0; el && depth < 4; depth += 1, el = el.parentElement) {
    if (el.id) {
      parts.unshift(`#${CSS.escape(el.id)}`);
      break;
    }
    const classes = [...el.classList].slice(0, 2).map((c) => `.${CSS.escape(c)}`);
    parts.unshift(`${el.tagName.toLowerCase()}${classes.join('')}`);
    if (el.tagName === 'BODY') break;
  }
  return parts.join('>').slice(0, 256) || 'unknown';
}

export interface SelfTracker {
  sessionId: string;
  stop(): void;
}

export function startSelfTracking(
  send: (events: CursorEvent[]) => Promise<unknown> = postEvents,
  random: () => number = Math.random,
): SelfTracker {
  const sessionId = createSessionId(Date.now(), random);
  let queue: CursorEvent[] = [];
  const base = (x: number, y: number) => ({
    x: Math.round(x),
    y: Math.round(y),
    sessionId,
    pageUrl: window.location.href,
    timestamp: Date.now(),
    viewportWidth: Math.max(1, window.innerWidth),
    viewportHeight: Math.max(1, window.innerHeight),
    documentWidth: document.documentElement.scrollWidth,
    documentHeight: document.documentElement.scrollHeight,
  });
  const flush = () => {
    if (queue.length === 0) return;
    const batch = queue.slice(0, 100);
    queue = queue.slice(100);
    send(batch).catch(() => {
      // Tracking is best effort: a lost batch never disturbs the dashboard.
    });
  };
  const onMove = (event: MouseEvent) => {
    if (random() < MOVE_SAMPLE_RATE)
      queue.push({ eventType: 'cursor_move', ...base(event.pageX, event.pageY) });
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const rect = target?.getBoundingClientRect();
    queue.push({
      eventType: 'click',
      ...base(event.pageX, event.pageY),
      elementSelector: selectorOf(target),
      offsetX: Math.round(event.clientX - (rect?.left ?? 0)),
      offsetY: Math.round(event.clientY - (rect?.top ?? 0)),
    });
  };
  let scrollTimer = 0;
  const onScroll = () => {
    window.clearTimeout(scrollTimer);
    scrollTimer = window.setTimeout(() => {
      const bottom = window.scrollY + window.innerHeight;
      const height = Math.max(1, document.documentElement.scrollHeight);
      queue.push({
        eventType: 'scroll',
        ...base(window.scrollX, bottom),
        scrollDepth: Math.min(100, Math.round((bottom / height) * 100)),
      });
    }, 250);
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('mousemove', onMove, { passive: true });
  document.addEventListener('click', onClick, { passive: true });
  window.addEventListener('scroll', onScroll, { passive: true });
  document.addEventListener('visibilitychange', onHide);
  const interval = window.setInterval(flush, FLUSH_INTERVAL_MS);
  return {
    sessionId,
    stop() {
      document.removeEventListener('mousemove', onMove);
      document.removeEventListener('click', onClick);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onHide);
      window.clearInterval(interval);
      window.clearTimeout(scrollTimer);
      while (queue.length > 0) flush();
    },
  };
}

async function postEvents(events: CursorEvent[]): Promise<void> {
  const response = await fetch('/api/cursor-tracking/events', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
}
