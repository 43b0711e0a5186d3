import { createHmac, generateKeyPairSync, type JsonWebKey, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { DEV_PROVIDER_PATH } from '../../../http/auth.ts';
import { escapeHtml } from '../../../http/escape-html.ts';

export const DEV_CLIENT_ID = 'upside-dev';

interface DevAccount {
  email: string;
  firstName: string;
}

export interface DevIdentityProvider {
  issuer: string;
  clientSecret: string;
  /** Handles any request under /oidc (the request URL still carries the prefix). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Sign-in page of one interaction: asks for an e-mail address and a first name. */
  renderSignIn(req: IncomingMessage, res: ServerResponse, error?: string): Promise<void>;
  /** Completes one interaction with the account the tester typed in. */
  finishSignIn(req: IncomingMessage, res: ServerResponse, account: DevAccount): Promise<void>;
}

let signingJwk: JsonWebKey | undefined;

/**
 * The provider's RS256 signing key, made once per process: an RSA-2048 key pair costs 0.1–0.5 s of
 * CPU to generate, and every app built in one process (the test workers build hundreds) would
 * otherwise pay it at its first sign-in. Nothing outside the process ever sees the private half.
 */
function devSigningKey(): JsonWebKey {
  signingJwk ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  return signingJwk;
}

/**
 * An OpenID Connect provider (oidc-provider) mounted in-process when no external issuer is
 * configured, so that sign-in works on a fresh clone and a tester can be any user: the sign-in
 * page takes an e-mail and a first name. The app signs in against it exactly as against a real
 * issuer (authorization code + PKCE through openid-client). Accounts live in memory because the
 * provider exists only for development and demos: its interactions and accounts live in one
 * process, so several instances route `/oidc` to one of them (docs/several-instances.md). The client
 * secret is derived from the session secret the instances share, so any of them can finish a
 * sign-in (the callback's code exchange) that another started. oidc-provider (~230 modules with
 * jose) is imported here, at the first sign-in, not when the server starts (decision 205).
 */
export async function createDevIdentityProvider(
  publicUrl: string,
  redirectUri: string,
  sessionSecret: string,
): Promise<DevIdentityProvider> {
  const { default: Provider } = await import('oidc-provider');
  const issuer = `${publicUrl}${DEV_PROVIDER_PATH}`;
  const clientSecret = createHmac('sha256', sessionSecret)
    .update('upside development identity provider client secret')
    .digest('base64url');
  const accounts = new Map<string, DevAccount>();
  const signingKey = { ...devSigningKey(), kid: 'dev', use: 'sig', alg: 'RS256' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
      AccessToken: 600,
      IdToken: 600,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Put the profile claims into the ID token so the app needs no extra userinfo call.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_PROVIDER_PATH}/interaction/${interaction.uid}` },
    // A development provider has nothing to consent to: grant the requested scopes at once.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email,
            email_verified: true,
            given_name: account.firstName,
            name: account.firstName,
          };
        },
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  return {
    issuer,
    clientSecret,
    handle(req, res) {
      // Mounted like Express does it: the provider sees the path below its mount point.
      const original = req.url ?? '/';
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
      req.url = original.slice(DEV_PROVIDER_PATH.length) || '/';
      callback(req, res);
    },
    async renderSignIn(req, res, error) {
      const details = await provider.interactionDetails(req, res);
      res.writeHead(error ? 400 : 200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(renderSignInPage(`${DEV_PROVIDER_PATH}/interaction/${details.uid}/login`, error));
    },
    async finishSignIn(req, res, account) {
      const accountId = account.email.toLowerCase();
      accounts.set(accountId, account);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
    },
  };
}

function renderSignInPage(action: string, error: string | undefined): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — Upside development identity provider</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b1020;color:#e5e7eb;font:16px/1.5 system-ui,sans-serif}
form{background:#111827;border:1px solid #1f2937;border-radius:12px;padding:2rem;width:min(360px,90vw);display:grid;gap:.75rem}
h1{font-size:1.25rem;margin:0}p{margin:0;color:#9ca3af;font-size:.875rem}
label{display:grid;gap:.25rem;font-size:.875rem}
input{padding:.6rem .75rem;border-radius:8px;border:1px solid #374151;background:#0b1020;color:inherit;font:inherit}
button{margin-top:.5rem;padding:.65rem;border:0;border-radius:8px;background:#6366f1;color:white;font:inherit;font-weight:600;cursor:pointer}
.error{color:#fca5a5}
</style></head><body>
<form method="post" action="${escapeHtml(action)}">
<h1>Sign in to Upside</h1>
<p>Development identity provider: sign in as anyone by typing an e-mail address and a first name.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label>E-mail address<input name="email" type="email" required autocomplete="email" autofocus></label>
<label>First name<input name="firstName" type="text" required autocomplete="given-name"></label>
<button type="submit">Sign in</button>
</form></body></html>`;
}
