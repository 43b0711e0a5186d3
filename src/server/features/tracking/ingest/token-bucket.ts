/**
 * Per-site token bucket (design §7): each site may post `ratePerSecond` events per second on
 * average, with bursts up to `burst`. The state lives in PostgreSQL (see rate-limiter.ts), so
 * several app processes share one budget per site; this file holds the arithmetic, which the SQL
 * mirrors, and the Retry-After a refused request is told.
 */
export interface BucketPolicy {
  ratePerSecond: number;
  burst: number;
}

export interface BucketState {
  tokens: number;
  /** Milliseconds since the epoch of the last refill. */
  refilledAt: number;
}

/** Tokens available at `now` (refill since the last update, never above the burst). */
export function availableTokens(state: BucketState, now: number, policy: BucketPolicy): number {
  const elapsedSeconds = Math.max(0, now - state.refilledAt) / 1000;
  return Math.min(policy.burst, state.tokens + elapsedSeconds * policy.ratePerSecond);
}

export type TakeResult =
  | { allowed: true; state: BucketState }
  | { allowed: false; retryAfterSeconds: number };

/** Takes `cost` tokens if there are enough; otherwise says how long until there will be. */
export function takeTokens(
  state: BucketState | undefined,
  cost: number,
  now: number,
  policy: BucketPolicy,
): TakeResult {
  const available = state ? availableTokens(state, now, policy) : policy.burst;
  if (available >= cost) return { allowed: true, state: { tokens: available - cost, refilledAt: now } };
  return { allowed: false, retryAfterSeconds: retryAfterSeconds(available, cost, policy) };
}

/** Whole seconds until `cost` tokens are available, at least 1 (Retry-After is in seconds). */
export function retryAfterSeconds(available: number, cost: number, policy: BucketPolicy): number {
  return Math.max(1, Math.ceil((Math.min(cost, policy.burst) - available) / policy.ratePerSecond));
}
