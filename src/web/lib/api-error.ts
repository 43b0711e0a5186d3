import { type ErrorCode, ErrorEnvelopeSchema } from '@shared/contracts/errors.ts';

/** The code of an error answer that did not carry our envelope (a proxy page, an empty body). */
export type ApiErrorCode = ErrorCode | 'unknown';

/**
 * A non-success answer of the API (decision 014): its status, the envelope's machine `code` (what
 * features branch on) and `sentence`, the server's readable message (what pages show). `message`
 * keeps spec §8's form — the status, a colon, a space, then the text — so "a message containing
 * 404" still holds; the text is the sentence, never raw JSON.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly sentence: string,
  ) {
    super(`${status}: ${sentence}`);
  }
}

/** An answer's text as JSON, or undefined when it is not JSON (a proxy's HTML error page, say). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Longest non-envelope body shown as is; longer ones (HTML error pages) give way to the status text. */
const MAX_PLAIN_BODY = 200;

/**
 * Reads an error answer: our `{ message, code }` envelope when the body is one (a JSON message
 * with a code we do not know keeps its message, code `unknown`), otherwise the plain body text
 * (short, not markup) or, failing that, the status text (spec §8).
 */
export function parseApiError(status: number, bodyText: string, statusText: string): ApiError {
  const json = jsonOrUndefined(bodyText);
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  if (envelope.success) return new ApiError(status, envelope.data.code, envelope.data.message);
  // A JSON answer with a message but a code we do not know (e.g. a plugin's own error body).
  const loose = ErrorEnvelopeSchema.pick({ message: true }).safeParse(json);
  if (loose.success) return new ApiError(status, 'unknown', loose.data.message);
  const text = bodyText.trim();
  const plain = text !== '' && text.length <= MAX_PLAIN_BODY && !text.startsWith('<') && json === undefined;
  return new ApiError(status, 'unknown', plain ? text : statusText || `HTTP ${status}`);
}

/** True for an API error, optionally only for the given code(s). */
export function isApiError(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

/**
 * What a page shows for a failure: the server's sentence for an API error, the message of any other
 * error (a network failure, an unexpected answer), else the fallback.
 */
export function errorSentence(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.sentence || fallback;
  if (error instanceof Error && error.message !== '') return error.message;
  return fallback;
}
