import { errorSentence, isApiError } from '@web/lib/api-error.ts';

/**
 * Toast text that keeps the status: "400: <the server's sentence>" for an API error (spec §8's
 * "status code and text"), the message of any other error, else the fallback.
 */
export function readableError(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : errorSentence(error, fallback);
}

/** Only the server's sentence (no status), e.g. for inline panels. */
export const serverMessage = errorSentence;
