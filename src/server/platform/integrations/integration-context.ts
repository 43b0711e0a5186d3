import type { DemoCredentials } from '../../../shared/contracts/credentials.ts';
import type { UpstreamTokenCache } from '../../caches.ts';
import {
  createUpstreamTargets,
  type DemoUpstreams,
  type UpstreamOverrides,
  type UpstreamTargets,
} from '../../connectors/upstream-urls.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { DemoRuntime } from '../../http/demo-runtime.ts';
import type { Secrets } from '../../secrets.ts';
import type { VaultKeyring } from '../../vault/cipher.ts';
import { buildKeyring } from '../../vault/keyring-file.ts';

/**
 * What the integration services need: the database, the vault keyring, where each upstream
 * lives, the clock, the app's upstream token cache and (demo mode only) the demo credentials.
 * Built once per app by the composition root (AppDeps.integration).
 */
export interface IntegrationContext {
  db: Db;
  keyring: VaultKeyring;
  upstream: UpstreamTargets;
  now: () => Date;
  demo: DemoCredentials | undefined;
  tokens: UpstreamTokenCache;
  /** test hook: shorter upstream timeouts */
  upstreamTimeoutMs?: number | undefined;
}

export function createIntegrationContext(args: {
  db: Db;
  keyring: VaultKeyring;
  now: () => Date;
  tokens: UpstreamTokenCache;
  demo?: DemoRuntime | undefined;
  overrides?: UpstreamOverrides;
  upstreamTimeoutMs?: number | undefined;
}): IntegrationContext {
  const demoCredentials = args.demo?.credentials;
  const demoUpstreams: DemoUpstreams | undefined =
    args.demo && demoCredentials
      ? {
          baseUrls: args.demo.baseUrls,
          ids: {
            shopDomain: demoCredentials.shopify.shopDomain,
            propertyId: demoCredentials.ga4.propertyId,
            adAccountId: demoCredentials.meta.adAccountId,
            googleAdsCustomerId: demoCredentials.googleAds.customerId,
            tiktokAdvertiserId: demoCredentials.tiktok.advertiserId,
          },
          ...(args.demo.second
            ? { otherShops: { [args.demo.second.shopDomain]: args.demo.second.shopifyBaseUrl } }
            : {}),
        }
      : undefined;
  return {
    db: args.db,
    keyring: args.keyring,
    upstream: createUpstreamTargets({ demo: demoUpstreams, overrides: args.overrides ?? {} }),
    now: args.now,
    demo: demoCredentials,
    tokens: args.tokens,
    upstreamTimeoutMs: args.upstreamTimeoutMs,
  };
}

/** The app's integration context, from the parts of AppDeps it needs (the composition root calls this). */
export function integrationContextOf(deps: {
  db: Db;
  env: Env;
  secrets: Secrets;
  clock: () => Date;
  tokens: UpstreamTokenCache;
  demo: DemoRuntime | undefined;
}): IntegrationContext {
  return createIntegrationContext({
    db: deps.db,
    keyring: buildKeyring({
      current: deps.secrets.encryptionKey,
      dataDir: deps.env.encryptionKey ? undefined : deps.env.dataDir,
    }),
    now: deps.clock,
    tokens: deps.tokens,
    demo: deps.demo,
    overrides: {
      shopifyBaseUrlTemplate: deps.env.upstreamUrls.shopifyTemplate,
      ga4BaseUrl: deps.env.upstreamUrls.ga4,
      metaBaseUrl: deps.env.upstreamUrls.meta,
      googleAdsBaseUrl: deps.env.upstreamUrls.googleAds,
      tiktokBaseUrl: deps.env.upstreamUrls.tiktok,
    },
  });
}
