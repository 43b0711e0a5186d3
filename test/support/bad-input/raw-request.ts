import { request } from 'node:http';
import type { Readable } from 'node:stream';

export interface RawRequest {
  method: string;
  /** Path and query exactly as sent (already percent-encoded, possibly invalid UTF-8). */
  path: string;
  headers?: Record<string, string>;
  /** Bytes as sent; a function streams them chunked, without a Content-Length. */
  body?: Buffer | (() => Readable);
}

export type RawResult =
  | { kind: 'response'; status: number; contentType: string; text: string }
  | { kind: 'failed'; reason: string };

/**
 * One request over a plain socket (node:http), so a test can send what fetch refuses: invalid
 * UTF-8, any Content-Type, a 20 MB body, a chunked body. A server may answer before it has read the
 * whole body (413) and close the connection: the answer counts, a write error after it does not.
 * Fails (no hang) after `timeoutMs`.
 */
export function sendRaw(baseUrl: string, raw: RawRequest, timeoutMs: number): Promise<RawResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: RawResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const url = new URL(baseUrl);
    const headers: Record<string, string> = { ...raw.headers };
    if (Buffer.isBuffer(raw.body)) headers['content-length'] = String(raw.body.length);
    const outgoing = request(
      { host: url.hostname, port: url.port, method: raw.method, path: raw.path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          settle({
            kind: 'response',
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) => settle({ kind: 'failed', reason: `response: ${error.message}` }));
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      settle({ kind: 'failed', reason: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    // A write error (EPIPE, ECONNRESET) after the server answered early is expected; without an
    // answer it is the result.
    outgoing.on('error', (error) => {
      setTimeout(() => settle({ kind: 'failed', reason: `connection: ${error.message}` }), 1_000);
    });
    if (typeof raw.body === 'function') raw.body().pipe(outgoing);
    else outgoing.end(raw.body);
  });
}
