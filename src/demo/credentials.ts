/**
 * The demo credentials: one module that demo mode, the CLI and every test take them from. They
 * only open the local emulators (no real service accepts them). The GA4 service-account key pair
 * is generated once per process (RSA 2048); the emulator verifies assertions with its public key.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { DemoCredentials as SharedDemoCredentials } from '../shared/contracts/credentials.ts';

/**
 * What the forms are prefilled with (the shared contract), plus the Meta token without `ads_read`
 * the demo offers to show the Permissions Needed flow.
 */
export type DemoCredentials = SharedDemoCredentials & {
  meta: { accessTokenWithoutAdsRead: string };
};

export interface DemoBaseUrls {
  /** `http://127.0.0.1:PORT/store/{shopDomain}`; connectors append `/admin/api/{version}/graphql.json`. */
  shopify: string;
  /** `http://127.0.0.1:PORT`; `/v1beta/properties/{id}:runReport`, token at `/token`. */
  ga4: string;
  /** `http://127.0.0.1:PORT`; `/{version}/…`. */
  meta: string;
  /** `http://127.0.0.1:PORT/stats/eurofxref`: the ECB's reference-rate files (issue #17). */
  ecb?: string;
  /** `http://127.0.0.1:PORT`: the Google Ads API and its token endpoint (`/token`), issue #39. */
  googleAds?: string;
  /** `http://127.0.0.1:PORT`: TikTok's `/open_api/v1.3/…`. */
  tiktok?: string;
}

/** Fixed demo secrets (public on purpose: they only open the local emulators). */
export const DEMO_SECRETS = {
  shopify: {
    shopDomain: 'upside-demo.myshopify.com',
    accessToken: 'shpat_0d3m0a11ce55t0ken00000000000001',
    clientId: '5f0c2d1e9a8b7c6d5e4f3a2b1c0d9e8f',
    clientSecret: 'shpss_0d3m0c11e47s3cr3t000000000001',
    /** Token the client-credentials grant hands out (a second valid token). */
    grantedAccessToken: 'shpat_0d3m0c11e47cr3d3nt1a1500000002',
  },
  ga4: {
    propertyId: '412345678',
    /** A property the demo service account cannot read (PERMISSION_DENIED). */
    forbiddenPropertyId: '499999999',
    projectId: 'upside-demo',
    clientEmail: 'upside-demo-reader@upside-demo.iam.gserviceaccount.com',
    clientId: '104857362819203948576',
    privateKeyId: '6f1c0de0a1b2c3d4e5f60718293a4b5c6d7e8f90',
  },
  meta: {
    appId: '987654321012345',
    appSecret: '0d3m0a9953cr3t0000000000000000ab',
    accessToken: 'EAAN0d3m0Upside4dsR3adT0ken000000000001',
    accessTokenWithoutAdsRead: 'EAAN0d3m0UpsideN0AdsT0ken000000000002',
    adAccountId: 'act_1234567890123456',
  },
  /** The demo Google Ads account (plan-ad-platforms.ts) reached through its manager account. */
  googleAds: {
    clientId: 'upside-demo.apps.googleusercontent.com',
    clientSecret: 'GOCSPX-0d3m0G00g1eAds5ecret0001',
    refreshToken: '1//0d3m0G00g1eAdsRefreshT0ken0001',
    customerId: '1234567890',
    managerId: '9876543210',
  },
  tiktok: { accessToken: 'tt0d3m0T1kT0kAcc3ssT0ken0000000001', advertiserId: '7123456789012345678' },
} as const;

export interface DemoKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

let keyPair: DemoKeyPair | undefined;

/**
 * Makes this process use the given key pair instead of generating one: the test harness hands every
 * test process the run's pair, so a service-account key stored in a template database (encrypted
 * by the run's fixed test keyring) still opens the GA4 emulator of the process that clones it.
 * Call it before the first emulator or credentials are built.
 */
export function adoptDemoServiceAccountKeys(pair: DemoKeyPair): void {
  keyPair = pair;
}

/** The demo service account's RSA key pair, generated once per process (unless one was handed in). */
export function getDemoServiceAccountKeys(): DemoKeyPair {
  if (!keyPair) {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    keyPair = { privateKeyPem: pair.privateKey, publicKeyPem: pair.publicKey };
  }
  return keyPair;
}

/** The GA4 token endpoint for a GA4 emulator base URL (the value of `token_uri` and of `aud`). */
export function ga4TokenUri(ga4BaseUrl: string): string {
  return `${ga4BaseUrl.replace(/\/$/, '')}/token`;
}

/** Builds the demo credentials for the emulators listening at `baseUrls`. */
export function buildDemoCredentials(baseUrls: DemoBaseUrls): DemoCredentials {
  const keys = getDemoServiceAccountKeys();
  const s = DEMO_SECRETS;
  const serviceAccount = {
    type: 'service_account',
    project_id: s.ga4.projectId,
    private_key_id: s.ga4.privateKeyId,
    private_key: keys.privateKeyPem,
    client_email: s.ga4.clientEmail,
    client_id: s.ga4.clientId,
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: ga4TokenUri(baseUrls.ga4),
    auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
    client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(s.ga4.clientEmail)}`,
    universe_domain: 'googleapis.com',
  };
  return {
    shopify: {
      shopDomain: s.shopify.shopDomain,
      accessToken: s.shopify.accessToken,
      apiKey: s.shopify.clientId,
      apiSecret: s.shopify.clientSecret,
    },
    ga4: { propertyId: s.ga4.propertyId, serviceAccountJson: JSON.stringify(serviceAccount, null, 2) },
    meta: {
      accessToken: s.meta.accessToken,
      accessTokenWithoutAdsRead: s.meta.accessTokenWithoutAdsRead,
      adAccountId: s.meta.adAccountId,
      appSecret: s.meta.appSecret,
    },
    googleAds: {
      clientId: s.googleAds.clientId,
      clientSecret: s.googleAds.clientSecret,
      refreshToken: s.googleAds.refreshToken,
      customerId: s.googleAds.customerId,
      loginCustomerId: s.googleAds.managerId,
    },
    tiktok: { ...s.tiktok },
  };
}
