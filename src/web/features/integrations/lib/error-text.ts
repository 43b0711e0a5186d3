/**
 * apiRequest raises "<status>: <body text>" (spec §8). Our error bodies are `{message, code}` JSON;
 * for toasts, keep the status and show the readable message instead of raw JSON.
 */
export function readableError(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || error.message === '') return fallback;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message;
  const [, status, body] = match;
  try {
    const parsed = JSON.parse(body ?? '') as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message !== '') return `${status}: ${parsed.message}`;
  } catch {
    // not JSON: the body text as is
  }
  return error.message;
}

/** Only the server's message (no status), e.g. for inline panels. */
export function serverMessage(error: unknown, fallback: string): string {
  return readableError(error, fallback).replace(/^\d{3}: /, '');
}

/** True when the error is the HTTP status given (apiRequest's "<status>: …" format). */
export function isHttpStatus(error: unknown, status: number): boolean {
  return error instanceof Error && error.message.startsWith(`${status}:`);
}
