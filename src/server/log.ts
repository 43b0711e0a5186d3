import type { FastifyBaseLogger } from 'fastify';
import { type LoggerOptions, pino } from 'pino';

/** Header, body and query fields whose values never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-shopify-access-token"]',
  'res.headers["set-cookie"]',
  '*.accessToken',
  '*.access_token',
  '*.apiSecret',
  '*.api_secret',
  '*.appSecret',
  '*.apiKey',
  '*.private_key',
  '*.service_account_json',
  '*.password',
  '*.token',
  // built-in accounts (decision 094): hashes, TOTP secrets, recovery codes (not `*.code`: errors' codes
  // must stay readable; request bodies, where a TOTP code travels, are never logged)
  '*.passwordHash',
  '*.password_hash',
  '*.totpSecret',
  '*.totp_secret',
  '*.secret',
  '*.recoveryCodes',
];

const SECRET_QUERY_PARAMS =
  /([?&](?:access_token|apiKey|api_key|appsecret_proof|client_secret|code|state)=)[^&]*/gi;

/** The app's logger (pino, structured JSON): requests, jobs, the scheduler and analysis log here. */
export type AppLogger = FastifyBaseLogger;

/** The one logger of a process, built by the composition root and handed on in `AppDeps.log`. */
export function createLogger(level: string): AppLogger {
  return pino(loggerOptions(level));
}

/** Structured JSON logs (pino) with secrets redacted, including secrets that arrive in URLs. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; id: string }) {
        return { id: request.id, method: request.method, url: redactUrl(request.url) };
      },
    },
  };
}

/** Paths that carry a single-use secret: reset, address-confirmation and invitation links. */
const SECRET_PATH_SEGMENTS =
  /(\/(?:reset-password|reset|verify-email|verification|invitations)\/)[\w-]{20,}/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]').replace(SECRET_PATH_SEGMENTS, '$1[redacted]');
}
