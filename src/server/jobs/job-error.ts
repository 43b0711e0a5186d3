/** Thrown by jobs for failures that a retry cannot fix (bad credentials, bad payload): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * The text a failed job records and the data-freshness panel shows: the error's message, capped
 * at 1,000 characters. Its own module (with PermanentJobError) so the work the jobs run can throw
 * and describe errors without importing the worker.
 */
export function describeJobError(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 1000);
  return String(error).slice(0, 1000);
}
