import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { type LatestRun, readRunOnce, readSnapshotOnce } from '../../domain/analysis-runs/read-analytics.ts';
import { requireAuthWithLatestRun } from '../auth.ts';
import type { CachedReads } from '../deps.ts';

/** A response body serialised once: its JSON bytes and their strong ETag. */
export interface JsonBody {
  bytes: Buffer;
  etag: string;
}

/**
 * The JSON bytes the route's zod serializer would write (fastify-type-provider-zod encodes through
 * the schema, then JSON.stringify), so the answer still leaves only through the response schema.
 */
export function toJsonBody<S extends z.ZodType>(schema: S, value: z.output<S>): JsonBody {
  const bytes = Buffer.from(JSON.stringify(z.encode(schema, value)));
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url')}"` };
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ is ignored, * matches anything. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * 200 with the bytes, or 304 when the browser already holds them. `private, no-cache`: the browser
 * keeps the answer but asks every time (the session is checked on each request), shared caches never
 * store it.
 */
export function sendJsonBody(request: FastifyRequest, reply: FastifyReply, body: JsonBody): FastifyReply {
  reply.header('etag', body.etag).header('cache-control', 'private, no-cache');
  if (matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.bytes);
}

/**
 * A GET endpoint answering from the latest analysis snapshot. A run's snapshot never changes once it
 * succeeded, so the answer is serialised once per (workspace, run[, list version]) and served as
 * bytes: a poll costs the session query (which finds the run too) and a map lookup.
 */
export function getSnapshotJson<S extends z.ZodType, Q extends z.ZodType = z.ZodUndefined>(
  app: FastifyInstance,
  reads: CachedReads,
  path: string,
  options: {
    schema: S;
    /** Query parameters (validated: 400 naming the field); each answer is kept per query. */
    querystring?: Q;
    /** Cache key of the answer within a run. */
    section: string;
    /** 'run-and-list': the answer also changes with the opportunity list's version. */
    latestRun?: 'run' | 'run-and-list';
    /** The answer before any run. */
    empty: z.output<S>;
    read: (run: LatestRun, workspaceId: string, query: z.output<Q>) => Promise<z.output<S>>;
  },
): void {
  const { schema, section, empty, read } = options;
  const emptyBody = toJsonBody(schema, empty);
  // Declared for the route table; the bytes are already encoded through it, so it never runs.
  const routeSchema: FastifySchema = {
    response: { 200: schema },
    ...(options.querystring ? { querystring: options.querystring } : {}),
  };
  app.get(
    path,
    { config: { access: 'read', latestRun: options.latestRun ?? 'run' }, schema: routeSchema },
    async (request, reply) => {
      const { workspaceId, latestRun } = requireAuthWithLatestRun(request);
      const runId = latestRun.id;
      const query = request.query as z.output<Q>;
      const body = runId
        ? await readSnapshotOnce(
            reads.caches,
            workspaceId,
            runId,
            `json/${section}/${JSON.stringify(query ?? null)}/${latestRun.implementedVersion ?? ''}`,
            async () => {
              const run = await readRunOnce(reads, workspaceId, runId);
              return run ? toJsonBody(schema, await read(run, workspaceId, query)) : emptyBody;
            },
          )
        : emptyBody;
      return sendJsonBody(request, reply, body);
    },
  );
}
