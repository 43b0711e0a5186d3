import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { primaryLsn } from '../db/replica-freshness.ts';
import { secureCookies } from './auth.ts';
import type { AppDeps } from './deps.ts';

/**
 * The browser's own-write mark (decision 126): the primary's WAL position after the caller's last
 * successful write. A heavy read of that browser runs on the replica only once the replica has
 * replayed up to it, so a cost edited then the Profit page read shows the edit, on any instance.
 */
export const OWN_WRITE_COOKIE = 'upside_wal';
const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After a signed-in caller's successful write, sets the own-write mark. Kept a second longer than
 * the staleness limit: by then any replica the router still uses has replayed the write anyway.
 * Nothing without a replica, and nothing for writes without a session (ingestion, webhooks).
 */
export function registerOwnWriteMarks(app: FastifyInstance, deps: AppDeps): void {
  const replica = deps.env.readReplica;
  if (!replica || !deps.reads.configured) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || !request.auth || reply.statusCode >= 400) return payload;
    reply.setCookie(OWN_WRITE_COOKIE, await primaryLsn(deps.db), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(deps),
      maxAge: Math.ceil(replica.maxLagSeconds) + 1,
    });
    return payload;
  });
}

/**
 * Runs a heavy read-only query of a request on the read replica when it is fresh enough and has
 * replayed the caller's own writes, else on the primary (db/read-replica.ts).
 */
export function readOnReplica<T>(
  deps: Pick<AppDeps, 'reads'>,
  request: FastifyRequest,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  const mark = request.cookies[OWN_WRITE_COOKIE];
  return deps.reads.run(read, { mustSee: mark && LSN.test(mark) ? mark : null });
}
