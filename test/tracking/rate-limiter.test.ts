import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { createRateLimiter } from '../../src/server/features/tracking/ingest/rate-limiter.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.ts';

const BucketTokenRow = z.object({ tokens: z.number() });

/**
 * The per-site limit on the real database: a process spends small leases of the shared bucket
 * locally, and what it cannot cover is refused by the shared bucket itself.
 */
describe('rate limiter leases', () => {
  let testDb: TestDatabase;
  const site = '00000000-0000-4000-8000-000000000001';
  beforeAll(async () => {
    testDb = await createMigratedTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const bucketTokens = async (configurationId = site) =>
    Number(
      (
        await queryRows(
          testDb.database.db,
          BucketTokenRow,
          sql`SELECT tokens FROM tracking_rate_buckets WHERE configuration_id = ${configurationId}::uuid`,
        )
      )[0]?.tokens,
    );

  it('takes a lease from the shared bucket and spends it without asking again until it expires', async () => {
    const policy = { ratePerSecond: 1000, burst: 1000 };
    const limiter = createRateLimiter(testDb.database.db, policy, 0.1);
    const at = new Date('2027-05-01T00:00:00Z');
    expect(await limiter.take(site, 30, at)).toBeNull();
    expect(await bucketTokens()).toBe(900); // a lease of 100 (0.1 s of the rate), 70 of it left
    expect(await limiter.take(site, 30, at)).toBeNull();
    expect(await limiter.take(site, 30, at)).toBeNull();
    expect(await bucketTokens()).toBe(900);
    // 10 left in the lease: the next 30 take a new lease, and the 10 go back to the bucket.
    expect(await limiter.take(site, 30, at)).toBeNull();
    expect(await bucketTokens()).toBe(810);
    // Expired after 0.1 s: 150 ms later the bucket has refilled 150 (capped at the burst of 1,000
    // with the 70 returned) and lends 100 more.
    expect(await limiter.take(site, 10, new Date(at.getTime() + 150))).toBeNull();
    expect(await bucketTokens()).toBe(1000 - 100);
  });

  it('takes one lease for all the requests in flight, so concurrency does not empty the bucket', async () => {
    // Issue #43: at 10k events/s with a limit far above it, every request in flight took a lease
    // of its own and together they emptied the shared bucket (up to 29 × 429 a run).
    const policy = { ratePerSecond: 1000, burst: 1000 };
    const busy = '00000000-0000-4000-8000-000000000003';
    const limiter = createRateLimiter(testDb.database.db, policy, 0.1);
    const at = new Date('2027-05-01T00:00:00Z');
    const answers = await Promise.all(Array.from({ length: 50 }, () => limiter.take(busy, 1, at)));
    expect(answers.every((answer) => answer === null)).toBe(true);
    expect(await bucketTokens(busy)).toBe(900); // one lease of 100, not fifty
  });

  it('refuses with the shared bucket’s Retry-After once the burst is spent, across processes', async () => {
    const policy = { ratePerSecond: 100, burst: 500 };
    const other = '00000000-0000-4000-8000-000000000002';
    const first = createRateLimiter(testDb.database.db, policy, 0.1);
    const second = createRateLimiter(testDb.database.db, policy, 0.1);
    const at = new Date('2027-05-01T00:00:00Z');
    expect(await first.take(other, 200, at)).toBeNull();
    expect(await second.take(other, 200, at)).toBeNull();
    // 100 left in the shared bucket: 150 needs half a second more, told as 1 s.
    expect(await first.take(other, 150, at)).toBe(1);
    expect(await second.take(other, 100, at)).toBeNull();
    expect(await second.take(other, 1, at)).toBe(1);
  });
});
