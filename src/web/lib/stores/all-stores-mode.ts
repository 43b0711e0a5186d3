import { useSyncExternalStore } from 'react';

/**
 * Whether the header's store switcher is on "All stores" (issue #17 item 1, decision 067). The
 * session keeps a real active store (every other page reads it); this flag only tells the
 * dashboard, profit and products pages to show the team's stores summed, and the other pages to
 * say they need one store. Kept for the browser tab (sessionStorage), so a reload stays on it.
 */
const KEY = 'upside.allStores';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

let current = read();

export function setAllStoresMode(on: boolean): void {
  if (on === current) return;
  current = on;
  try {
    if (on) globalThis.sessionStorage?.setItem(KEY, '1');
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the flag still holds for this page's life.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/** True while the switcher is on "All stores". */
export function useAllStoresMode(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
