import type { ErrorCode } from '../shared/contracts/errors.ts';

/**
 * A failure the client should hear about: an HTTP status, a stable machine-readable code (one of
 * `ErrorCode`, decision 014) and a sentence a store owner can read. The error handler turns it
 * into `{ message, code }` (`ErrorEnvelope`).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const unauthorized = (message = 'Not signed in') => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const badRequest = (message: string, code: ErrorCode = 'bad_request') =>
  new AppError(400, code, message);
