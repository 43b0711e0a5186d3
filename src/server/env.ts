import { z } from 'zod';

/**
 * The only reader of `process.env` in src/. Every setting is parsed once, at boot, and every bad
 * variable is reported at once so a misconfigured deployment is fixed in one go.
 */
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A PostgreSQL streaming replica of DATABASE_URL for the heavy reads (decision 126). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** The most seconds behind the primary a replica's answer may be; further behind, reads take the primary. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().positive().max(3600).default(10),
  DATA_DIR: z.string().min(1).default('./.upside'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Sign-in (decision 094): `password` turns on built-in accounts (beside OIDC when it is
   * configured); `oidc` only OpenID Connect. Unset: password accounts in production without
   * OIDC_ISSUER, else OIDC (or the development provider outside production).
   */
  UPSIDE_AUTH: z.enum(['password', 'oidc']).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  DEMO: booleanFlag.optional(),
  /** The demo store's preset: `causal` plants each ad channel's effect and a geo lift (decision 136). */
  DEMO_PRESET: z.enum(['small', 'causal']).default('small'),
  /** The demo store's customers (unset: the preset's 2,000): a smaller store connects, syncs and analyses sooner. */
  DEMO_CUSTOMERS: z.coerce.number().int().min(100).max(100_000).optional(),
  /** Days of history the demo store has, ending yesterday (unset: the preset's 365; 60–3000). */
  DEMO_DAYS: z.coerce.number().int().min(60).max(3_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  TRACKING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Raw-first cursor-event ingestion (decisions 125, 138): a request writes raw rows only and a fold
   * rolls them up (about a quarter second later, or first thing in any read of the rollups). On by default
   * since decision 147 fixed the heatmap-tile race that had turned it off; `0` writes the rollups in the request.
   */
  TRACKING_RAW_FIRST: booleanFlag.default(true),
  /** A running job whose worker sent no heartbeat for this long is taken over by another worker. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** Most order lines a cost recalculation re-prices per committed step (whole days per step). */
  COST_RECALCULATION_STEP_LINES: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  COST_RECALCULATION_PARALLEL_STEPS: z.coerce.number().int().min(1).max(16).default(2),
  /** Orders per committed page of a Shopify backfill (unset: the sync's own, 2,500). */
  SHOPIFY_BACKFILL_PAGE_ORDERS: z.coerce.number().int().min(1).max(100_000).optional(),
  /** How long a "send test" waits before its safety-net job looks at the delivery. */
  NOTIFICATION_SEND_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Upstream base URLs (real APIs by default); Shopify's is a template with `{shop}`. */
  UPSTREAM_SHOPIFY_URL: z
    .string()
    .regex(/^https?:\/\/.*\{shop\}/, 'must be an http(s) URL containing {shop}')
    .optional(),
  UPSTREAM_GA4_URL: z.url().optional(),
  UPSTREAM_META_URL: z.url().optional(),
  /** Google Ads API base (its OAuth token endpoint is `<base>/token` when this is set) and TikTok's. */
  UPSTREAM_GOOGLE_ADS_URL: z.url().optional(),
  UPSTREAM_TIKTOK_URL: z.url().optional(),
  /** The ECB reference-rate feed's folder (…/stats/eurofxref); unset = the ECB, or demo mode's emulator. */
  UPSTREAM_ECB_URL: z.url().optional(),
  TRACKING_RATE_PER_SECOND: z.coerce.number().positive().max(1_000_000).default(2000),
  TRACKING_RATE_BURST: z.coerce.number().int().min(500).max(10_000_000).default(20_000),
  /** Outgoing mail (issue #14): unset in demo/development = a local mail catcher. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/,
      'must be an e-mail address, optionally "Name <address>"',
    )
    .optional(),
  /** Ask Upside's model (issue 42): an OpenAI-compatible chat-completions base URL (…/v1), e.g. llama.cpp or Ollama. */
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).max(200).optional(),
  /** Sent as `Authorization: Bearer`; local servers need none. */
  LLM_API_KEY: z.string().min(1).optional(),
});

/** Rules that span variables; checked on the raw values so they are reported with all others. */
function crossFieldProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const oidc = [raw.OIDC_ISSUER, raw.OIDC_CLIENT_ID, raw.OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    problems.push('OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  if (raw.DATABASE_READ_URL && !raw.DATABASE_URL)
    problems.push('DATABASE_READ_URL: is a replica of DATABASE_URL, which must be set too');
  if (raw.DATABASE_READ_MAX_LAG_SECONDS && !raw.DATABASE_READ_URL)
    problems.push('DATABASE_READ_MAX_LAG_SECONDS: is used only with DATABASE_READ_URL');
  if (raw.LLM_API_KEY && !raw.LLM_BASE_URL) problems.push('LLM_API_KEY: is used only with LLM_BASE_URL');
  if (Boolean(raw.LLM_BASE_URL) !== Boolean(raw.LLM_MODEL)) {
    problems.push('LLM_BASE_URL: LLM_BASE_URL and LLM_MODEL must be set together');
  }
  if (raw.NODE_ENV === 'production') {
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'ENCRYPTION_KEY', 'PUBLIC_URL']) {
      if (!raw[name]) problems.push(`${name}: is required in production`);
    }
    if (raw.UPSIDE_AUTH === 'oidc' && !raw.OIDC_ISSUER)
      problems.push('OIDC_ISSUER: is required in production with UPSIDE_AUTH=oidc');
  }
  return problems;
}

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin the browser uses; derived from the listening address when unset. */
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  /**
   * The read replica (decision 126): heavy read-only queries go there while it is at most
   * `maxLagSeconds` behind the primary and has replayed the caller's own writes; unset = none.
   */
  readReplica: { url: string; maxLagSeconds: number } | undefined;
  dataDir: string;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Built-in e-mail + password accounts (decision 094); the development provider is off then. */
  passwordAccounts: boolean;
  sessionSecret: string | undefined;
  encryptionKey: string | undefined;
  /** Demo store (emulators + one-click connect): on by default outside production. */
  demo: boolean;
  /** Which demo store demo mode serves: the small store, or the same with planted ad effects. */
  demoPreset: 'small' | 'causal';
  /** The demo store's customers; unset: the preset's. */
  demoCustomers: number | undefined;
  /** DEMO_DAYS: the demo store's days of history, when set (else its preset's). */
  demoDays: number | undefined;
  logLevel: string;
  syncIntervalMinutes: number;
  trackingRetentionDays: number;
  /** TRACKING_RAW_FIRST: requests write raw events only, a fold builds the rollups (decision 125). */
  trackingRawFirst: boolean;
  /** Seconds without a heartbeat after which a running job is recovered (its worker is presumed dead). */
  jobLeaseSeconds: number;
  /** Most order lines per committed step of a cost recalculation (a resumed run starts after the last step). */
  costRecalculationStepLines: number;
  /** Steps of a cost recalculation run at once, each on its own connection (PostgreSQL only). */
  costRecalculationParallelSteps: number;
  /** Orders per committed page of a Shopify bulk backfill (a resumed backfill starts after the last page); unset: the sync's tuning. */
  shopifyBackfillPageOrders: number | undefined;
  /** Seconds before the safety-net job of a "send test" re-checks its delivery (it retries a failed or cut send). */
  notificationSendGraceSeconds: number;
  /** Overrides of the providers' API base URLs (unset = the real APIs). */
  upstreamUrls: {
    shopifyTemplate: string | undefined;
    ga4: string | undefined;
    meta: string | undefined;
    googleAds: string | undefined;
    tiktok: string | undefined;
    ecb: string | undefined;
  };
  /** Per-site token bucket of cursor-event ingestion: events per second and burst size. */
  trackingRate: { ratePerSecond: number; burst: number };
  /** Outgoing mail: the SMTP server (unset = none, or the mail catcher in demo/development) and sender. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Ask Upside's OpenAI-compatible model (unset = the Ask panel explains how to configure one). */
  llm: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
}

export class EnvError extends Error {
  override name = 'EnvError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the environment (process.env by default); throws EnvError listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, as they do in most deployment tools' UIs.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`)),
    ...crossFieldProblems(cleaned),
  ];
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const env = parsed.data;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL,
    readReplica: env.DATABASE_READ_URL
      ? { url: env.DATABASE_READ_URL, maxLagSeconds: env.DATABASE_READ_MAX_LAG_SECONDS }
      : undefined,
    dataDir: env.DATA_DIR,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
        : undefined,
    passwordAccounts:
      env.UPSIDE_AUTH === 'password' ||
      (env.UPSIDE_AUTH === undefined && env.NODE_ENV === 'production' && !env.OIDC_ISSUER),
    sessionSecret: env.SESSION_SECRET,
    encryptionKey: env.ENCRYPTION_KEY,
    demo: env.DEMO ?? env.NODE_ENV !== 'production',
    demoPreset: env.DEMO_PRESET,
    demoCustomers: env.DEMO_CUSTOMERS,
    demoDays: env.DEMO_DAYS,
    logLevel: env.LOG_LEVEL,
    syncIntervalMinutes: env.SYNC_INTERVAL_MINUTES,
    trackingRetentionDays: env.TRACKING_RETENTION_DAYS,
    trackingRawFirst: env.TRACKING_RAW_FIRST,
    jobLeaseSeconds: env.JOB_LEASE_SECONDS,
    notificationSendGraceSeconds: env.NOTIFICATION_SEND_GRACE_SECONDS,
    costRecalculationStepLines: env.COST_RECALCULATION_STEP_LINES,
    costRecalculationParallelSteps: env.COST_RECALCULATION_PARALLEL_STEPS,
    shopifyBackfillPageOrders: env.SHOPIFY_BACKFILL_PAGE_ORDERS,
    upstreamUrls: {
      shopifyTemplate: env.UPSTREAM_SHOPIFY_URL,
      ga4: env.UPSTREAM_GA4_URL,
      meta: env.UPSTREAM_META_URL,
      googleAds: env.UPSTREAM_GOOGLE_ADS_URL,
      tiktok: env.UPSTREAM_TIKTOK_URL,
      ecb: env.UPSTREAM_ECB_URL,
    },
    trackingRate: { ratePerSecond: env.TRACKING_RATE_PER_SECOND, burst: env.TRACKING_RATE_BURST },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? 'Upside <upside@localhost>' },
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? { baseUrl: env.LLM_BASE_URL.replace(/\/$/, ''), model: env.LLM_MODEL, apiKey: env.LLM_API_KEY }
        : undefined,
  };
}
