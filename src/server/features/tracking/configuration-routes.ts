import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateTrackingConfigurationSchema,
  CustomPixelSchema,
  InstallCheckQuerySchema,
  InstallCheckSchema,
  TrackingConfigurationListSchema,
  TrackingConfigurationParamsSchema,
  TrackingConfigurationSchema,
  UpdateTrackingConfigurationSchema,
} from '../../../shared/contracts/tracking-configurations.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import { customPixelOf } from './custom-pixel.ts';
import {
  createTrackingConfiguration,
  deleteTrackingConfiguration,
  firstEventOfSite,
  listTrackingConfigurations,
  setTrackingConfigurationActive,
} from './manage-tracking-configurations.ts';

/** Spec §7: the workspace's tracked websites (list, add, Enable/Disable, delete), and a site's Shopify pixel. */
export function registerTrackingConfigurationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/tracking-configurations',
    { config: { access: 'read' }, schema: { response: { 200: TrackingConfigurationListSchema } } },
    async (request) => listTrackingConfigurations(deps.db, requireAuth(request).workspaceId),
  );

  api.get(
    '/api/tracking/install-check',
    {
      config: { access: 'read' },
      schema: { querystring: InstallCheckQuerySchema, response: { 200: InstallCheckSchema } },
    },
    async (request) => firstEventOfSite(deps.db, requireAuth(request).workspaceId, request.query.siteId),
  );

  api.get(
    '/api/tracking/sites/:id/pixel',
    {
      config: { access: 'read' },
      schema: { params: TrackingConfigurationParamsSchema, response: { 200: CustomPixelSchema } },
    },
    async (request) =>
      customPixelOf(deps.db, requireAuth(request).workspaceId, request.params.id, deps.publicUrl()),
  );

  api.post(
    '/api/tracking-configurations',
    {
      config: { access: 'connections' },
      schema: { body: CreateTrackingConfigurationSchema, response: { 201: TrackingConfigurationSchema } },
    },
    async (request, reply) => {
      const { workspaceId } = requireAuth(request);
      return reply.status(201).send(await createTrackingConfiguration(deps.db, workspaceId, request.body));
    },
  );

  api.patch(
    '/api/tracking-configurations/:id',
    {
      config: { access: 'connections' },
      schema: {
        params: TrackingConfigurationParamsSchema,
        body: UpdateTrackingConfigurationSchema,
        response: { 200: TrackingConfigurationSchema },
      },
    },
    async (request) =>
      setTrackingConfigurationActive(
        deps,
        requireAuth(request).workspaceId,
        request.params.id,
        request.body.isActive,
      ),
  );

  api.delete(
    '/api/tracking-configurations/:id',
    {
      config: { access: 'connections', audit: 'data.deleted' },
      schema: {
        params: TrackingConfigurationParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteTrackingConfiguration(deps, requireAuth(request).workspaceId, request.params.id);
      return { deleted: true as const };
    },
  );
}
