import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How long the rest of a refused body is read and dropped before the answer goes out anyway. */
export const LINGER_MS = 5_000;

/** Reads and drops what is left of a request body; resolves at its end, on error, or after `ms`. */
function dropRestOfBody(incoming: IncomingMessage, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      incoming.off('end', done).off('close', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    incoming.on('end', done).on('close', done).on('error', done);
    incoming.resume();
  });
}

/**
 * Makes sure a client sees the answer to a body we refused before reading it to the end (413 too
 * large, a 400 or 401 answered early). Fastify marks such answers `Connection: close`, and Node
 * closes the socket while the client is still sending: the kernel answers the unread bytes with a
 * reset, and a client that had not read the 413 yet sees "write EPIPE" or "ECONNRESET" instead of
 * "The request body is too large." (3 to 8 of 60 uploads of 20 MB to a server process on localhost
 * never saw their 413, keep-alive or not). Like
 * nginx's lingering close, the rest of the body is read and dropped first, for at most LINGER_MS,
 * and only then is the answer sent and the connection closed: nothing unread, no reset.
 */
export function registerLingeringClose(app: FastifyInstance): void {
  // The callback form: a complete request (nearly all of them) costs no promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    // A request the client already abandoned has nobody left to answer: no reason to wait.
    if (request.raw.complete || request.raw.destroyed) return done(null, payload);
    void dropRestOfBody(request.raw, LINGER_MS).then(() => done(null, payload));
  });
}
