import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorEnvelope } from '../../../shared/contracts/errors.ts';

/**
 * Requests Node's HTTP parser refuses before Fastify routes them (headers or URL over 16 kB, a
 * malformed request line, a chunked body where none may be, a request that took too long): the
 * same `{ message, code }` envelope as every other API error (issue #19 item 1), in place of
 * Fastify's default `{ error, message, statusCode }`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers (with the URL) are too large.']
        : [400, 'The request is malformed.'];
  const body = JSON.stringify({ message, code: 'bad_request' } satisfies ErrorEnvelope);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
