import { UpstreamError } from '../../connectors/http/upstream-error.ts';
import { AppError } from '../../errors.ts';
import { VaultDecryptError } from '../../vault/cipher.ts';

/**
 * Turns connector failures into API errors the SPA shows verbatim. Upstream credential problems
 * are never 401 (that would read as "signed out"): they are 502 with a precise message, missing
 * permissions 403, rate limits 429, timeouts 504.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof UpstreamError) {
    const status =
      error.kind === 'permission'
        ? 403
        : error.kind === 'rate_limited'
          ? 429
          : error.kind === 'timeout'
            ? 504
            : 502;
    return new AppError(status, `upstream_${error.kind}`, error.message);
  }
  if (error instanceof VaultDecryptError) {
    return new AppError(
      500,
      'credentials_unreadable',
      'Stored credentials cannot be decrypted with the configured encryption key. Store them again.',
    );
  }
  return error;
}

/** Runs `work`, rethrowing connector failures as AppErrors. */
export async function withUpstreamErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error);
  }
}

/** Owner-readable text of any failure (for "saved but the test failed" responses). */
export function describeFailure(error: unknown): string {
  if (error instanceof UpstreamError) return error.message;
  if (error instanceof AppError) return error.message;
  return 'The connection test failed unexpectedly.';
}
