/**
 * The text a failed job records and the data-freshness panel shows: the error's message, capped
 * at 1,000 characters. Its own module so the sync code can describe errors without importing the
 * worker (which imports the registry, which imports the sync code).
 */
export function describeJobError(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 1000);
  return String(error).slice(0, 1000);
}
