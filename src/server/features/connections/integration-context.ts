import type { DemoCredentials } from '../../../shared/contracts/credentials.ts';
import {
  createUpstreamTargets,
  type DemoUpstreams,
  type UpstreamOverrides,
  type UpstreamTargets,
} from '../../connectors/upstream-urls.ts';
import type { Db } from '../../db/client.ts';
import type { AppDeps, DemoRuntime } from '../../http/deps.ts';
import type { VaultKeyring } from '../../vault/cipher.ts';
import { buildKeyring } from '../../vault/keyring-file.ts';

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

const contexts = new WeakMap<AppDeps, IntegrationContext>();

export function createIntegrationContext(args: {
  db: Db;
  keyring: VaultKeyring;
  now: () => Date;
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
    context = createIntegrationContext({
      db: deps.db,
      keyring: buildKeyring({
        current: deps.secrets.encryptionKey,
        dataDir: deps.env.encryptionKey ? undefined : deps.env.dataDir,
      }),
      now: deps.clock,
      demo: deps.demo,
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
