import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { AppError } from '../../errors.ts';
import { DEV_PROVIDER_PATH } from '../auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on public endpoints meant to be called from other sites (the tracker's ingestion). */
    allowCrossSite?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers with a CSP that allows only our own origin, and a same-origin rule for
 * state-changing requests (design §7): a browser on another site cannot make a signed-in user's
 * browser change anything, whatever cookies it carries.
 */
export async function registerSecurity(app: FastifyInstance, publicUrl: () => string): Promise<void> {
  // Helmet's middleware is built once here (decision 058): @fastify/helmet built it again on every
  // request, parsing the CSP directives each time, for the same headers.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    // The embeddable tracker script is loaded by other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Browsers then still send an Origin header on same-origin form posts (no-referrer sends "null").
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something when the app is served over https.
    strictTransportSecurity: publicUrl().startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || request.routeOptions.config?.allowCrossSite) return;
    // The development identity provider guards its own forms (interaction cookies bound to one
    // sign-in) and its token endpoint is called server to server.
    if (request.url.startsWith(`${DEV_PROVIDER_PATH}/`)) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    const fetchSite = request.headers['sec-fetch-site'];
    const ours = (url: string) =>
      URL.parse(url)?.origin === new URL(publicUrl()).origin || URL.parse(url)?.host === request.headers.host;
    // The Origin when sent; without it, the Referer (issue #36: a foreign Referer and no Origin
    // was let through); without either, Sec-Fetch-Site. A request with none is not a browser's.
    const crossSite = origin ? !ours(origin) : referer ? !ours(referer) : fetchSite === 'cross-site';
    if (crossSite) throw new AppError(403, 'cross_site_request', 'Cross-site requests are not allowed.');
  });
}
