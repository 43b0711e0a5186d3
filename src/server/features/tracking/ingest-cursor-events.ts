import type { z } from 'zod';
import {
  type CursorEvent,
  DashboardIngestRequestSchema,
  INGEST_LIMITS,
  IngestRequestSchema,
} from '../../../shared/contracts/cursor-tracking.ts';
import type { ErrorCode } from '../../../shared/contracts/errors.ts';
import { type PixelIngestRequest, PixelIngestRequestSchema } from '../../../shared/contracts/pixel-events.ts';
import { joinPixelOrders } from '../../domain/journeys/join-order-journeys.ts';
import { AppError } from '../../errors.ts';
import type { CachedReads } from '../../http/deps.ts';
import { cachedConfiguration } from './ingest/configuration-cache.ts';
import type { EventWriter } from './ingest/event-writer.ts';
import { checkDashboardBody, checkTrackerBody } from './ingest/fast-event-check.ts';
import type { RateLimiter } from './ingest/rate-limiter.ts';
import { isBotUserAgent, isOriginAllowed, isPixelOriginAllowed } from './ingest/request-gate.ts';
import { writePixelEvents } from './ingest/write-pixel-events.ts';
import {
  findConfigurationByTrackingId,
  getDashboardConfiguration,
  isApiKeyValid,
} from './manage-tracking-configurations.ts';

/** What the route knows about the HTTP request, beyond its body. */
export interface IngestRequestContext {
  body: string;
  origin: string | undefined;
  userAgent: string | undefined;
  /** The signed-in user's workspace, for the dashboard's own tracking. */
  workspaceId: string | null;
  /** Our own origin: the dashboard posts from it. */
  publicOrigin: string;
  now: Date;
}

export interface IngestResult {
  accepted: number;
  /** Origin to echo in Access-Control-Allow-Origin, when the request may read the answer. */
  allowOrigin: string | null;
}

/** A refused request: the error plus the CORS origin, so the page can still read the reason. */
export class IngestRefusal extends AppError {
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    readonly allowOrigin: string | null = null,
    readonly retryAfter?: number,
  ) {
    super(status, code, message);
  }
}

/** Readable zod issues: "events.3.x: Too big…; events.7.eventType: …" (first five). */
function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.join('.');
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length > 5 ? `; and ${error.issues.length - 5} more` : '';
  return `${shown.join('; ')}${more}`;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new IngestRefusal(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/**
 * The body as `schema` parses it: the fast check first (ingest/fast-event-check.ts), zod when the
 * fast check is unsure, so a refusal names the failing field exactly as zod does.
 */
function parseBody<T>(json: unknown, fast: (body: unknown) => T | null, schema: z.ZodType<T>): T {
  const checked = fast(json);
  if (checked) return checked;
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new IngestRefusal(400, 'validation_failed', `Invalid events: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/**
 * The site behind a tracker or pixel request: known tracking id and right key (else 401), an
 * allowed origin (else 403), active (else 403, readable by the page).
 */
async function authorizeSite(
  reads: CachedReads,
  keys: { trackingId: string; apiKey: string },
  context: IngestRequestContext,
  originAllowed: (origin: string | undefined, websiteUrl: string) => boolean,
): Promise<{ workspaceId: string; configurationId: string; allowOrigin: string | null }> {
  const { trackingId } = keys;
  const configuration = await cachedConfiguration(reads.caches.trackingSites, trackingId, () =>
    findConfigurationByTrackingId(reads.db, trackingId),
  );
  if (configuration?.kind !== 'website' || !isApiKeyValid(configuration.apiKey, keys.apiKey)) {
    throw new IngestRefusal(401, 'invalid_tracking_key', 'Unknown tracking id or wrong API key.');
  }
  if (!originAllowed(context.origin, configuration.websiteUrl)) {
    throw new IngestRefusal(
      403,
      'origin_not_allowed',
      `Events for this website must come from ${configuration.websiteOrigin}.`,
    );
  }
  const allowOrigin = context.origin ?? null;
  if (!configuration.isActive) {
    throw new IngestRefusal(403, 'tracking_inactive', 'Tracking is disabled for this website.', allowOrigin);
  }
  return { workspaceId: configuration.workspaceId, configurationId: configuration.id, allowOrigin };
}

/** The site's per-second budget (429 with Retry-After beyond it). */
async function takeRate(
  limiter: RateLimiter,
  configurationId: string,
  events: number,
  context: IngestRequestContext,
  allowOrigin: string | null,
): Promise<void> {
  const wait = await limiter.take(configurationId, events, context.now);
  if (wait !== null) {
    throw new IngestRefusal(
      429,
      'rate_limited',
      `Too many events for this website; retry in ${wait} s.`,
      allowOrigin,
      wait,
    );
  }
}

/**
 * A Shopify custom pixel batch (issue 40): the same key, activity, bot and rate checks as the
 * tracker's, origins as Shopify's sandbox sends them (isPixelOriginAllowed), then stored once per
 * event id; a completed checkout joins its order at once when the order is already synced.
 */
async function ingestPixelEvents(
  reads: CachedReads,
  limiter: RateLimiter,
  context: IngestRequestContext,
  batch: PixelIngestRequest,
): Promise<IngestResult> {
  const site = await authorizeSite(reads, batch, context, isPixelOriginAllowed);
  if (isBotUserAgent(context.userAgent)) return { accepted: 0, allowOrigin: site.allowOrigin };
  await takeRate(limiter, site.configurationId, batch.events.length, context, site.allowOrigin);
  const written = await writePixelEvents(reads.db, site, [batch]);
  if (written.completed) await joinPixelOrders(reads.db, site.workspaceId);
  return { accepted: written.stored, allowOrigin: site.allowOrigin };
}

/**
 * The public ingestion use case (design §7), in order: size and JSON, strict schema, tracking id
 * and key, website origin, active flag, bots (dropped with a 2xx), per-site rate limit, then a
 * group-committed write. It answers only once the events are committed; every refusal is a 4xx
 * with a reason and stores nothing. The site's configuration is cached for a few seconds
 * (ingest/configuration-cache.ts), so a busy site costs no lookup per request.
 */
export async function ingestCursorEvents(
  reads: CachedReads,
  writer: EventWriter,
  limiter: RateLimiter,
  context: IngestRequestContext,
): Promise<IngestResult> {
  const { db } = reads;
  if (Buffer.byteLength(context.body) > INGEST_LIMITS.maxBodyBytes) {
    throw new IngestRefusal(
      413,
      'body_too_large',
      `The request body is larger than ${INGEST_LIMITS.maxBodyBytes} bytes.`,
    );
  }
  const json = parseJson(context.body);
  const isTrackerRequest = typeof json === 'object' && json !== null && 'trackingId' in json;
  const batch = typeof json === 'object' && json !== null && 'events' in json ? json.events : undefined;
  if (Array.isArray(batch) && batch.length > INGEST_LIMITS.maxEvents) {
    throw new IngestRefusal(
      400,
      'too_many_events',
      `At most ${INGEST_LIMITS.maxEvents} events per request (got ${batch.length}).`,
    );
  }

  let workspaceId: string;
  let configurationId: string;
  let events: CursorEvent[];
  let allowOrigin: string | null = null;

  if (isTrackerRequest && typeof json === 'object' && json !== null && 'pixel' in json) {
    return ingestPixelEvents(
      reads,
      limiter,
      context,
      parseBody(json, () => null, PixelIngestRequestSchema),
    );
  }
  if (isTrackerRequest) {
    const parsed = parseBody(json, checkTrackerBody, IngestRequestSchema);
    const site = await authorizeSite(reads, parsed, context, isOriginAllowed);
    allowOrigin = site.allowOrigin;
    workspaceId = site.workspaceId;
    configurationId = site.configurationId;
    events = parsed.events;
  } else {
    // The dashboard's own Start Tracking: a signed-in user posting from our own origin.
    if (!context.workspaceId) {
      throw new IngestRefusal(
        401,
        'unauthorized',
        'Send trackingId and apiKey, or sign in to track the dashboard.',
      );
    }
    if (context.origin !== undefined && context.origin !== context.publicOrigin) {
      throw new IngestRefusal(403, 'cross_site_request', 'Cross-site requests are not allowed.');
    }
    const parsed = parseBody(json, checkDashboardBody, DashboardIngestRequestSchema);
    const configuration = await getDashboardConfiguration(db, context.workspaceId, context.publicOrigin);
    workspaceId = context.workspaceId;
    configurationId = configuration.id;
    events = parsed.events;
  }

  if (isBotUserAgent(context.userAgent)) return { accepted: 0, allowOrigin };

  await takeRate(limiter, configurationId, events.length, context, allowOrigin);
  await writer.write({ workspaceId, configurationId, events });
  return { accepted: events.length, allowOrigin };
}
