/**
 * A failure the client should hear about: an HTTP status, a stable machine-readable code and a
 * message a store owner can read. The error handler turns it into `{ message, code }`.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const unauthorized = (message = 'Not signed in') => new AppError(401, 'unauthorized', message);
export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
