import { randomBytes } from 'node:crypto';
import type { DemoEmulators } from '../../src/demo/start-demo-emulators.ts';

/**
 * The environment every `upside` instance of one deployment shares, for the tests that run several
 * on one PostgreSQL (two-instances.test.ts, kill-harness.ts): an owner's start without the demo,
 * logging where it listens, behind one public URL, with one session secret and encryption key (a
 * session or a credential one instance writes, another reads), and the upstreams pointed at the
 * demo store's emulators. Each instance adds its own PORT and DATA_DIR.
 */
export function instancesEnv(options: {
  databaseUrl: string;
  publicUrl: string;
  demo: DemoEmulators;
}): Record<string, string> {
  const { demo } = options;
  return {
    NODE_ENV: 'development',
    DEMO: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: options.publicUrl,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    UPSTREAM_SHOPIFY_URL: demo.baseUrls.shopify.replace(demo.credentials.shopify.shopDomain, '{shop}'),
    UPSTREAM_GA4_URL: demo.baseUrls.ga4,
    UPSTREAM_META_URL: demo.baseUrls.meta,
  };
}
