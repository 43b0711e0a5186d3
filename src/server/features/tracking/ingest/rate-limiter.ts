import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { type BucketPolicy, retryAfterSeconds } from './token-bucket.ts';

const TakenRow = z.object({ tokens: z.number() });

const StateRow = z.object({ available: z.number() });

/**
 * Takes `cost` tokens from the site's bucket in one atomic statement that every app process
 * shares (the same arithmetic as token-bucket.ts). Returns null when allowed, otherwise the
 * seconds to wait.
 */
export async function takeRateTokens(
  db: Db,
  configurationId: string,
  cost: number,
  now: Date,
  policy: BucketPolicy,
): Promise<number | null> {
  const at = now.toISOString();
  const refill = sql`LEAST(${policy.burst}::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM (${at}::timestamptz - b.refilled_at))) * ${policy.ratePerSecond}::float8)`;
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
 * `leaseSeconds` worth of the site's rate and spends it locally; what a lease has left when it
 * expires is dropped (it refills in the shared bucket), so a process never holds more than
 * `ratePerSecond × leaseSeconds` tokens of a site. A request the lease cannot cover asks the
 * bucket for exactly its cost, so refusals and Retry-After are those of the shared bucket.
 */
export function createRateLimiter(db: Db, policy: BucketPolicy, leaseSeconds = 0.1): RateLimiter {
  const leases = new Map<string, { tokens: number; expiresAt: number }>();
  const leaseSize = Math.min(policy.burst, Math.floor(policy.ratePerSecond * leaseSeconds));
  return {
    async take(configurationId, cost, now) {
      const at = now.getTime();
      const lease = leases.get(configurationId);
      if (lease && lease.expiresAt > at && lease.tokens >= cost) {
        lease.tokens -= cost;
        return null;
      }
      leases.delete(configurationId);
      if (leaseSize > cost && (await takeRateTokens(db, configurationId, leaseSize, now, policy)) === null) {
        leases.set(configurationId, { tokens: leaseSize - cost, expiresAt: at + leaseSeconds * 1000 });
        return null;
      }
      return takeRateTokens(db, configurationId, cost, now, policy);
    },
  };
}
