/** A GA4 Data API error (google.rpc.Status): HTTP status, status name and message. */

export class ReportError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

export function invalid(message: string): ReportError {
  return new ReportError(400, 'INVALID_ARGUMENT', message);
}
