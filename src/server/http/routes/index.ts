import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerPublicRoutes } from './public.ts';

/** Every area's routes; each area adds its registrar here. */
const registrars: Array<(app: FastifyInstance, deps: AppDeps) => void | Promise<void>> = [
  registerAuthRoutes,
  registerPublicRoutes,
];

export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const register of registrars) await register(app, deps);
}
