import * as oidc from 'openid-client';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Ask for a fresh sign-in every time (the development provider, so that a tester can be any user). */
  alwaysPromptLogin?: boolean;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

const optionalString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The relying party: authorization code flow with PKCE, state and nonce, against any OpenID
 * Connect issuer (the in-process development provider included). Discovery is done once and cached.
 */
export function createOidcClient(settings: OidcSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;
  const getConfiguration = () => {
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // The development provider runs on plain http://localhost.
        execute: settings.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async startAuthorization(): Promise<AuthorizationRequest> {
      const config = await getConfiguration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(settings.alwaysPromptLogin ? { prompt: 'login' } : {}),
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /** Exchanges the code; throws when state, nonce, PKCE or the ID token do not check out. */
    async finishAuthorization(
      callbackUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<VerifiedIdentity> {
      const config = await getConfiguration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider returned no ID token');
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: optionalString(claims.email),
        firstName: optionalString(claims.given_name),
        lastName: optionalString(claims.family_name),
        profileImageUrl: optionalString(claims.picture),
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
