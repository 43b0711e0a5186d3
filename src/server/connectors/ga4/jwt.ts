import { createSign } from 'node:crypto';

/**
 * RS256 JWT for the service-account JWT-bearer grant (contracts/external-apis.md §2.8), signed
 * with node:crypto. `aud` is the key file's token_uri, so the emulator's token endpoint works too.
 */
export const GA4_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';

const base64url = (input: string | Buffer) => Buffer.from(input).toString('base64url');

export function signServiceAccountJwt(args: {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string | undefined;
  tokenUri: string;
  scope?: string;
  nowSeconds: number;
}): string {
  const header: Record<string, string> = { alg: 'RS256', typ: 'JWT' };
  if (args.privateKeyId) header.kid = args.privateKeyId;
  const claims = {
    iss: args.clientEmail,
    scope: args.scope ?? GA4_SCOPE,
    aud: args.tokenUri,
    iat: args.nowSeconds,
    exp: args.nowSeconds + 3600,
  };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(input).sign(args.privateKey);
  return `${input}.${base64url(signature)}`;
}
