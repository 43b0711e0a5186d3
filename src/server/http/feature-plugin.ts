import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FeatureJobs } from '../jobs/job-handler.ts';
import type { AppDeps } from './deps.ts';

/** What a feature's routes plugin is registered with: the process's dependencies (ports come through the feature's factory). */
export interface FeatureOptions {
  deps: AppDeps;
}

/**
 * A feature of the server as one unit (issue #37 item 1, decision 190): each
 * `src/server/features/<area>/plugin.ts` exports one, and the composition root (`main.ts`) lists
 * them once. A feature that needs another's work takes it as a port in a factory
 * (`analyticsFeature({ runAnalysisNow })`, decision 155), wired in that list.
 *
 * - `routes`: a Fastify plugin, registered with `app.register(routes, { deps })` in its own
 *   encapsulated context: its hooks, body parsers and decorators stay in the feature, while the
 *   root's request hooks (session, API tokens, permissions, audit, own-write marks) reach its routes.
 *   It is registered after the root's `onRoute` hooks, which see only the routes registered after
 *   them: the permissions check (an /api route without `config.access` stops the app at start-up;
 *   each route declares its access rule and audit action in its own `config`, decision 135), the
 *   OpenAPI recorder and the rate limits. A plugin whose hook must also see requests no route
 *   matches (the development sign-in provider under /oidc) wraps itself with `fastify-plugin`, so
 *   it is registered in the root context.
 * - `authentication`: request hooks that establish the request's principal by a credential the
 *   feature owns (API tokens' `Authorization: Bearer`), registered in the root context at a fixed
 *   point — right after the session hook, before the permission check — so they reach every route
 *   and decide `request.auth` before any access rule reads it (decision 206 keeps http/ free of
 *   feature imports).
 * - `jobs`: the handlers of the job types the feature owns and its schedules (decision 180); the
 *   worker process (`upside worker`) takes these without building any route.
 * - `tables`: the tables the feature owns (it writes them; others may read them), named as the
 *   drizzle schema declares them; the layers' tables and the writes outside an owner are listed in
 *   `db/table-owners.ts`, and `db/table-owners.test.ts` checks every table has one owner (decision 215).
 * - `provides`: what the composition root takes from it — the ports it provides to other features
 *   (decision 155) and what starting the process needs (closing runs a killed process left open).
 */
export interface FeaturePlugin {
  /** The feature's folder under src/server/features (or the platform part's, for a platform plugin). */
  readonly name: string;
  readonly routes?: FastifyPluginAsync<FeatureOptions>;
  readonly authentication?: (app: FastifyInstance, deps: AppDeps) => void;
  readonly jobs?: FeatureJobs<AppDeps>;
  readonly tables?: readonly string[];
  readonly provides?: object;
}

/** Every listed feature's job handlers and schedules, as one set: what `deps.jobs` holds. */
export function jobsOf(features: readonly FeaturePlugin[]): FeatureJobs<AppDeps> {
  return {
    handlers: features.flatMap((feature) => feature.jobs?.handlers ?? []),
    schedules: features.flatMap((feature) => feature.jobs?.schedules ?? []),
  };
}

/** Each listed feature's authentication hooks, in list order, in the root context (see `authentication`). */
export function registerFeatureAuthentication(
  app: FastifyInstance,
  features: readonly FeaturePlugin[],
  deps: AppDeps,
): void {
  for (const feature of features) feature.authentication?.(app, deps);
}

/**
 * Registers each feature's routes in list order (the order of the API description), after the
 * root's `onRoute` hooks: a route registered before one of them is not seen by it
 * (`feature-plugins.test.ts` fails if the access check misses a feature's route).
 */
export async function registerFeatureRoutes(
  app: FastifyInstance,
  features: readonly FeaturePlugin[],
  deps: AppDeps,
): Promise<void> {
  for (const feature of features) if (feature.routes) await app.register(feature.routes, { deps });
}
