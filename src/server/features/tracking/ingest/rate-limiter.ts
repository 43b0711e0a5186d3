import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { type BucketPolicy, retryAfterSeconds } from './token-bucket.ts';

const TakenRow = z.object({ tokens: z.number() });

const StateRow = z.object({ available: z.number() });

/**
 * Takes `cost` tokens from the site's bucket in one atomic statement that every app process
 * shares (the same arithmetic as token-bucket.ts). `returned` tokens (what a process's expired
 * lease had left) go back into the bucket first, never above the burst. Returns null when
 * allowed, otherwise the seconds to wait.
 */
export async function takeRateTokens(
  db: Db,
  configurationId: string,
  cost: number,
  now: Date,
  policy: BucketPolicy,
  returned = 0,
): Promise<number | null> {
  const at = now.toISOString();
  const refill = sql`LEAST(${policy.burst}::float8, b.tokens + ${returned}::float8 + GREATEST(0, EXTRACT(EPOCH FROM (${at}::timestamptz - b.refilled_at))) * ${policy.ratePerSecond}::float8)`;
  const taken = await queryRows(
    db,
    TakenRow,
    sql`INSERT INTO tracking_rate_buckets AS b (configuration_id, tokens, refilled_at)
        VALUES (${configurationId}::uuid, ${policy.burst - cost}::float8, ${at}::timestamptz)
        ON CONFLICT (configuration_id) DO UPDATE SET tokens = ${refill} - ${cost}::float8, refilled_at = ${at}::timestamptz
        WHERE ${refill} >= ${cost}::float8
        RETURNING b.tokens`,
  );
  if (taken.length > 0) return null;
  const [state] = await queryRows(
    db,
    StateRow,
    sql`SELECT ${refill} AS available FROM tracking_rate_buckets b WHERE b.configuration_id = ${configurationId}::uuid`,
  );
  return retryAfterSeconds(Number(state?.available ?? 0), cost, policy);
}

export interface RateLimiter {
  /** Takes `cost` tokens of the site; null when allowed, otherwise the seconds to wait. */
  take(configurationId: string, cost: number, now: Date): Promise<number | null>;
}

/**
 * The per-site limit of one app process. The bucket itself stays in the database (shared by every
 * process), but instead of one statement per request the process takes a lease of
 * `leaseSeconds` worth of the site's rate and spends it locally, so a process never holds more
 * than `ratePerSecond × leaseSeconds` tokens of a site. A request the lease cannot cover asks the
 * bucket for exactly its cost, so refusals and Retry-After are those of the shared bucket.
 *
 * One lease is asked for at a time per site: requests that arrive while it is being taken wait
 * for it instead of each taking a lease of their own (at 10k events/s every request in flight
 * did, and together they emptied the shared bucket: issue #43 saw up to 29 × 429 a run far below
 * the limit). What the previous lease has left goes back into the bucket with the next one.
 */
export function createRateLimiter(db: Db, policy: BucketPolicy, leaseSeconds = 0.1): RateLimiter {
  const leases = new Map<string, { tokens: number; expiresAt: number }>();
  const pending = new Map<string, Promise<boolean>>();
  const leaseSize = Math.min(policy.burst, Math.floor(policy.ratePerSecond * leaseSeconds));

  const spend = (configurationId: string, cost: number, at: number): boolean => {
    const lease = leases.get(configurationId);
    if (!lease || lease.expiresAt <= at || lease.tokens < cost) return false;
    lease.tokens -= cost;
    return true;
  };

  const renewLease = async (configurationId: string, now: Date): Promise<boolean> => {
    // The old lease leaves the map before the await, so nothing spends what is being returned.
    const old = leases.get(configurationId);
    leases.delete(configurationId);
    const taken =
      (await takeRateTokens(db, configurationId, leaseSize, now, policy, old?.tokens ?? 0)) === null;
    if (taken)
      leases.set(configurationId, { tokens: leaseSize, expiresAt: now.getTime() + leaseSeconds * 1000 });
    // Refused, the bucket took nothing back: the leftover stays, to go back with the next lease.
    else if (old) leases.set(configurationId, old);
    return taken;
  };

  return {
    async take(configurationId, cost, now) {
      const at = now.getTime();
      if (spend(configurationId, cost, at)) return null;
      if (leaseSize > cost) {
        let renewal = pending.get(configurationId);
        if (!renewal) {
          renewal = renewLease(configurationId, now).finally(() => pending.delete(configurationId));
          pending.set(configurationId, renewal);
        }
        if ((await renewal) && spend(configurationId, cost, at)) return null;
      }
      return takeRateTokens(db, configurationId, cost, now, policy);
    },
  };
}
