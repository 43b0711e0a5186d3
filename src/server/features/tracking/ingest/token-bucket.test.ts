import { describe, expect, it } from 'vitest';
import { availableTokens, retryAfterSeconds, takeTokens } from './token-bucket.ts';

const policy = { ratePerSecond: 100, burst: 1000 };

describe('token bucket', () => {
  it('starts full, takes tokens, and refuses beyond the burst', () => {
    let result = takeTokens(undefined, 600, 0, policy);
    expect(result).toEqual({ allowed: true, state: { tokens: 400, refilledAt: 0 } });
    if (!result.allowed) throw new Error('unreachable');
    result = takeTokens(result.state, 500, 0, policy);
    expect(result).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('refills at the rate, capped at the burst', () => {
    expect(availableTokens({ tokens: 0, refilledAt: 0 }, 2500, policy)).toBe(250);
    expect(availableTokens({ tokens: 900, refilledAt: 0 }, 60_000, policy)).toBe(1000);
    // A clock that went backwards never removes tokens.
    expect(availableTokens({ tokens: 10, refilledAt: 5000 }, 0, policy)).toBe(10);
  });

  it('tells how many whole seconds until the batch fits', () => {
    expect(retryAfterSeconds(0, 500, policy)).toBe(5);
    expect(retryAfterSeconds(499.5, 500, policy)).toBe(1);
  });
});
