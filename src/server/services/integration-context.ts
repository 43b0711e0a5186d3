import type { DemoCredentials } from '../../shared/contracts/credentials.ts';
import {
  createUpstreamTargets,
  type DemoUpstreams,
  type UpstreamOverrides,
  type UpstreamTargets,
} from '../connectors/upstream-urls.ts';
import type { Db } from '../db/client.ts';
import type { AppDeps } from '../http/deps.ts';
import type { VaultKeyring } from '../vault/cipher.ts';
import { buildKeyring } from '../vault/keyring-file.ts';

/**
 * What the integration services need: the database, the vault keyring, where each upstream
 * lives, the clock, and (demo mode only) the demo credentials. Built once per app from AppDeps.
 */
export interface IntegrationContext {
  db: Db;
  keyring: VaultKeyring;
  upstream: UpstreamTargets;
  now: () => Date;
  demo: DemoCredentials | undefined;
  /** test hook: shorter upstream timeouts */
  upstreamTimeoutMs?: number | undefined;
}

/** The demo runtime as the server receives it (src/demo/start-demo-emulators.ts). */
export interface DemoRuntimeLike {
  baseUrls: { shopify: string; ga4: string; meta: string };
  credentials: unknown;
}

const contexts = new WeakMap<AppDeps, IntegrationContext>();

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}
function pickString(record: Record<string, unknown>, ...names: string[]): string {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

/** Reads the demo credentials the emulators were started with, tolerant of naming. */
export function readDemoCredentials(runtime: DemoRuntimeLike): DemoCredentials {
  const all = asRecord(runtime.credentials);
  const shopify = asRecord(all.shopify);
  const ga4 = asRecord(all.ga4 ?? all.googleAnalytics);
  const meta = asRecord(all.meta);
  const serviceAccount = ga4.serviceAccountJson ?? ga4.serviceAccount ?? ga4.service_account_json;
  return {
    shopify: {
      shopDomain: pickString(shopify, 'shopDomain', 'shop', 'domain'),
      accessToken: pickString(shopify, 'accessToken', 'access_token'),
      apiKey: pickString(shopify, 'apiKey', 'clientId', 'client_id'),
      apiSecret: pickString(shopify, 'apiSecret', 'clientSecret', 'client_secret'),
    },
    ga4: {
      propertyId: pickString(ga4, 'propertyId', 'property_id').replace(/^properties\//, ''),
      serviceAccountJson:
        typeof serviceAccount === 'string' ? serviceAccount : JSON.stringify(serviceAccount ?? {}, null, 2),
    },
    meta: {
      accessToken: pickString(meta, 'accessToken', 'access_token'),
      adAccountId: (() => {
        const id = pickString(meta, 'adAccountId', 'ad_account_id', 'accountId');
        return id === '' || id.startsWith('act_') ? id : `act_${id}`;
      })(),
      appSecret: pickString(meta, 'appSecret', 'app_secret'),
    },
  };
}

export function createIntegrationContext(args: {
  db: Db;
  keyring: VaultKeyring;
  now: () => Date;
  demo?: DemoRuntimeLike | undefined;
  overrides?: UpstreamOverrides;
  upstreamTimeoutMs?: number | undefined;
}): IntegrationContext {
  const demoCredentials = args.demo ? readDemoCredentials(args.demo) : undefined;
  const demoUpstreams: DemoUpstreams | undefined =
    args.demo && demoCredentials
      ? {
          baseUrls: args.demo.baseUrls,
          ids: {
            shopDomain: demoCredentials.shopify.shopDomain,
            propertyId: demoCredentials.ga4.propertyId,
            adAccountId: demoCredentials.meta.adAccountId,
          },
        }
      : undefined;
  return {
    db: args.db,
    keyring: args.keyring,
    upstream: createUpstreamTargets({ demo: demoUpstreams, overrides: args.overrides ?? {} }),
    now: args.now,
    demo: demoCredentials,
    upstreamTimeoutMs: args.upstreamTimeoutMs,
  };
}

/** The app's integration context (memoised per AppDeps). */
export function getIntegrationContext(deps: AppDeps): IntegrationContext {
  let context = contexts.get(deps);
  if (!context) {
    const demo: DemoRuntimeLike | undefined = deps.demo;
    context = createIntegrationContext({
      db: deps.db,
      keyring: buildKeyring({
        current: deps.secrets.encryptionKey,
        dataDir: deps.env.encryptionKey ? undefined : deps.env.dataDir,
      }),
      now: deps.clock,
      demo,
      overrides: {
        shopifyBaseUrlTemplate: deps.env.upstreamUrls.shopifyTemplate,
        ga4BaseUrl: deps.env.upstreamUrls.ga4,
        metaBaseUrl: deps.env.upstreamUrls.meta,
      },
    });
    contexts.set(deps, context);
  }
  return context;
}
