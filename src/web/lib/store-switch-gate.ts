/**
 * Requests wait for a store switch in flight (decision 069). The API answers for the session's
 * active store, so a read sent before `POST /api/stores/:id/select` is done would come back with
 * the previous store's data and be cached under the new one. A switch back to a store seen before
 * renders from that store's cache at once, without waiting for the select; any read it starts waits
 * here until the session has moved.
 */
let pending: Promise<unknown> = Promise.resolve();

/** Holds every later request until `selection` settles (successfully or not). */
export function holdRequestsUntil(selection: Promise<unknown>): void {
  pending = selection.catch(() => undefined);
}

/** Resolves once no store switch is in flight. */
export function storeSwitchSettled(): Promise<unknown> {
  return pending;
}
