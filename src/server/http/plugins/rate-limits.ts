import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * Per-address limits on the endpoints anyone can call without a session (decision 035): sign-in
 * start and callback, the development identity provider and the public probes. Counted in this
 * process's memory, so with N instances behind a balancer an address gets at most N× the figure —
 * still enough to stop a script from filling `login_attempts` or hammering the database probe.
 * The cursor-tracking endpoint keeps its own token bucket in PostgreSQL (ingest/rate-limiter.ts).
 */
export const RATE_LIMITS = {
  /** `/api/login` and `/api/callback`: a person signs in a few times a minute at most. */
  signIn: { max: 30, timeWindow: 60_000 },
  /**
   * Password sign-in, setup, reset and invitation sign-up (decision 094): per address in memory, on
   * top of the per-account and per-address lockout the database keeps.
   */
  passwordSignIn: { max: 60, timeWindow: 60_000 },
  /** `/oidc/*`: one sign-in is about five provider requests. */
  identityProvider: { max: 150, timeWindow: 60_000 },
  /** `/api/public/*`: room for a balancer's health check every second. */
  publicProbe: { max: 300, timeWindow: 60_000 },
} as const;

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        context.statusCode === 403 ? 403 : 429,
        'rate_limited',
        `Too many requests from this address. Try again in ${context.after}.`,
      ),
  });
}
