import { createHmac, createSign } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { DemoCredentials } from '../../demo/credentials.ts';
import { startDemoEmulators } from '../../demo/start-demo-emulators.ts';
import { type CliCommand, CliUsageError, parseFlags } from '../command.ts';

const FlagsSchema = z.object({
  shopifyPort: z.coerce.number().int().min(0).max(65_535).default(4101),
  ga4Port: z.coerce.number().int().min(0).max(65_535).default(4102),
  metaPort: z.coerce.number().int().min(0).max(65_535).default(4103),
  ecbPort: z.coerce.number().int().min(0).max(65_535).default(4104),
  host: z.string().default('127.0.0.1'),
  preset: z.enum(['small', 'medium', 'large', 'causal']).default('small'),
  seed: z.coerce.number().int().min(0).max(4_294_967_295).default(42),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .optional(),
});

/** Signs a one-hour JWT-bearer assertion for the demo service account (for the printed curl). */
function signAssertion(serviceAccountJson: string): string {
  const sa = JSON.parse(serviceAccountJson) as {
    client_email: string;
    private_key: string;
    token_uri: string;
  };
  const iat = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
    iss: sa.client_email,
    scope: 'https://www.googleapis.com/auth/analytics.readonly',
    aud: sa.token_uri,
    iat,
    exp: iat + 3600,
  })}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(sa.private_key).toString('base64url')}`;
}

function describe(
  baseUrls: { shopify: string; ga4: string; meta: string; ecb?: string },
  c: DemoCredentials,
  saPath: string,
  assertion: string,
): string {
  const proof = createHmac('sha256', c.meta.appSecret).update(c.meta.accessToken).digest('hex');
  return `Demo emulators are running (Ctrl-C stops them).

Shopify  base URL  ${baseUrls.shopify}
         shop      ${c.shopify.shopDomain}
         token     ${c.shopify.accessToken}
         client id ${c.shopify.apiKey}
         secret    ${c.shopify.apiSecret}
GA4      base URL  ${baseUrls.ga4}   (token endpoint ${baseUrls.ga4}/token)
         property  ${c.ga4.propertyId}
         service account JSON written to ${saPath}
Meta     base URL  ${baseUrls.meta}
         token (ads_read)         ${c.meta.accessToken}
         token (without ads_read) ${c.meta.accessTokenWithoutAdsRead}
         ad account ${c.meta.adAccountId}
         app secret ${c.meta.appSecret}
ECB      base URL  ${baseUrls.ecb ?? '(not started)'}   (euro reference rates, as UPSTREAM_ECB_URL)

Try:
  curl -s -X POST '${baseUrls.shopify}/admin/api/2026-10/graphql.json' \\
    -H 'Content-Type: application/json' -H 'X-Shopify-Access-Token: ${c.shopify.accessToken}' \\
    -d '{"query":"{ shop { name currencyCode ianaTimezone } orders(first: 3, reverse: true) { nodes { name createdAt totalPriceSet { shopMoney { amount currencyCode } } } } }"}'

  curl -s -X POST '${baseUrls.shopify}/admin/oauth/access_token' \\
    -d 'grant_type=client_credentials&client_id=${c.shopify.apiKey}&client_secret=${c.shopify.apiSecret}'

  # GA4: exchange this one-hour assertion (signed with the service account key) for a token …
  curl -s -X POST '${baseUrls.ga4}/token' \\
    -d 'grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=${assertion}'
  # … then (replace TOKEN with access_token from the answer):
  curl -s -X POST '${baseUrls.ga4}/v1beta/properties/${c.ga4.propertyId}:runReport' \\
    -H 'Authorization: Bearer TOKEN' -H 'Content-Type: application/json' \\
    -d '{"dateRanges":[{"startDate":"7daysAgo","endDate":"today"}],"dimensions":[{"name":"sessionDefaultChannelGroup"}],"metrics":[{"name":"sessions"},{"name":"totalRevenue"}]}'

  curl -s '${baseUrls.ecb}/eurofxref-daily.xml'

  curl -s '${baseUrls.meta}/v26.0/${c.meta.adAccountId}/insights?level=campaign&date_preset=last_month&fields=campaign_name,spend,actions&access_token=${c.meta.accessToken}&appsecret_proof=${proof}'
`;
}

/**
 * `upside emulators`: starts the Shopify, GA4, Meta and ECB emulators on fixed ports over a generated
 * demo store and prints the demo credentials with curl examples; runs until interrupted.
 */
export const command: CliCommand = {
  summary: 'Start the Shopify, GA4, Meta and ECB emulators with the demo store and print demo credentials',
  async run(argv) {
    const raw = parseFlags(argv, {
      'shopify-port': { type: 'string' },
      'ga4-port': { type: 'string' },
      'meta-port': { type: 'string' },
      'ecb-port': { type: 'string' },
      host: { type: 'string' },
      preset: { type: 'string' },
      seed: { type: 'string' },
      'end-date': { type: 'string' },
    });
    const parsed = FlagsSchema.safeParse({
      shopifyPort: raw['shopify-port'],
      ga4Port: raw['ga4-port'],
      metaPort: raw['meta-port'],
      ecbPort: raw['ecb-port'],
      host: raw.host,
      preset: raw.preset,
      seed: raw.seed,
      endDate: raw['end-date'],
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CliUsageError(
        `--${String(issue.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${issue.message}`,
      );
    }
    const flags = parsed.data;
    process.stdout.write(`Generating the ${flags.preset} demo store (seed ${flags.seed})…\n`);
    let demo: Awaited<ReturnType<typeof startDemoEmulators>>;
    try {
      demo = await startDemoEmulators({
        preset: flags.preset,
        seed: flags.seed,
        endDate: flags.endDate,
        host: flags.host,
        ports: { shopify: flags.shopifyPort, ga4: flags.ga4Port, meta: flags.metaPort, ecb: flags.ecbPort },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new CliUsageError(`could not start the emulators: ${message}`);
    }
    const saPath = join(tmpdir(), `upside-demo-ga4-service-account-${process.pid}.json`);
    writeFileSync(saPath, demo.credentials.ga4.serviceAccountJson, { mode: 0o600 });
    process.stdout.write(
      describe(
        demo.baseUrls,
        demo.credentials,
        saPath,
        signAssertion(demo.credentials.ga4.serviceAccountJson),
      ),
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await demo.close();
    rmSync(saPath, { force: true });
    return 0;
  },
};
