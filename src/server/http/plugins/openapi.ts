import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version.ts';
import { SESSION_COOKIE } from '../auth.ts';

/** A route as the app registered it: what the API description is checked against. */
export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  /** Left out of the description on purpose (`schema.hide`: static files, the SPA fallback). */
  hidden: boolean;
  /** The route's request and response contracts (zod), as given to Fastify. */
  schema: FastifySchema | undefined;
  /** Set on routes that accept requests from other sites (`config.allowCrossSite`). */
  allowCrossSite: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the OpenAPI plugin, in registration order. */
    routeTable: RegisteredRoute[];
  }
}

/**
 * OpenAPI 3.1 generated from the routes' zod schemas (decision 021): @fastify/swagger collects
 * every route registered after it, fastify-type-provider-zod's `jsonSchemaTransform` turns the
 * zod contracts of src/shared/contracts into JSON Schema. Served at /api/openapi.json; the
 * reference page at /api/docs is Swagger UI served from our own origin (external scripts only),
 * so it runs under the app's CSP (script-src 'self'). Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        hidden: route.schema?.hide === true,
        schema: route.schema,
        allowCrossSite: route.config?.allowCrossSite === true,
      });
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Upside API',
        version: APP_VERSION,
        description:
          'The Upside server API. Signed-in browsers authenticate with the session cookie; scripts and BI tools with a read-only workspace API token (`Authorization: Bearer …`, created on the profile page), which GET requests accept and any other method refuses with 403.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'Read-only workspace API token (GET only)',
          },
        },
      },
      security: [{ session: [] }, { apiToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
