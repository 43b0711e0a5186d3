import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcceptedInvitationSchema,
  CreatedInvitationSchema,
  CreateInvitationBodySchema,
  InvitationIdParamsSchema,
  InvitationListSchema,
  InvitationPreviewSchema,
  InvitationTokenParamsSchema,
  MemberListSchema,
  MemberParamsSchema,
  UpdateMemberBodySchema,
} from '../../../shared/contracts/members.ts';
import { requireAuth, SESSION_COOKIE } from '../../http/auth.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { RevokeMemberTokens } from '../../platform/ports/revoke-member-tokens.ts';
import { acceptInvitation } from '../../platform/session/accept-invitation.ts';
import { listPendingInvitations, previewInvitation } from '../../platform/session/read-invitations.ts';
import { createInvitation } from './create-invitation.ts';
import { listMembers } from './list-members.ts';
import { removeMember } from './remove-member.ts';
import { revokeInvitation } from './revoke-invitation.ts';
import { updateMember } from './update-member.ts';

/**
 * Members and invitations of the caller's workspace (issue #17 items 2–3). Who may call each route
 * is declared in its config (`access`) and checked before these run; the owner-only rules and
 * the last-owner rule live in the services.
 */
export function registerMemberRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  revokeMemberTokens: RevokeMemberTokens,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/workspace/members',
    { config: { access: 'read' }, schema: { response: { 200: MemberListSchema } } },
    async (request) => listMembers(deps.db, requireAuth(request)),
  );
  api.patch(
    '/api/workspace/members/:id',
    { config: { access: 'members' }, schema: { params: MemberParamsSchema, body: UpdateMemberBodySchema } },
    async (request) =>
      updateMember(deps.db, requireAuth(request), request.params.id, request.body, deps.clock()),
  );
  api.delete(
    '/api/workspace/members/:id',
    { config: { access: 'members' }, schema: { params: MemberParamsSchema } },
    async (request, reply) => {
      await removeMember(deps.db, requireAuth(request), request.params.id, deps.clock(), revokeMemberTokens);
      return reply.status(204).send();
    },
  );
  api.get(
    '/api/workspace/invitations',
    { config: { access: 'members' }, schema: { response: { 200: InvitationListSchema } } },
    async (request) => ({
      invitations: await listPendingInvitations(deps.db, requireAuth(request).teamId, deps.clock()),
    }),
  );
  api.post(
    '/api/workspace/invitations',
    {
      config: { access: 'members' },
      schema: { body: CreateInvitationBodySchema, response: { 201: CreatedInvitationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createInvitation(deps, requireAuth(request), request.body)),
  );
  api.delete(
    '/api/workspace/invitations/:id',
    { config: { access: 'members' }, schema: { params: InvitationIdParamsSchema } },
    async (request, reply) => {
      await revokeInvitation(deps.db, requireAuth(request), request.params.id, deps.clock());
      return reply.status(204).send();
    },
  );
  api.get(
    '/api/invitations/:token',
    {
      config: { access: 'public' },
      schema: { params: InvitationTokenParamsSchema, response: { 200: InvitationPreviewSchema } },
      // A browser opening the link goes to the invitation page, through sign-in (or, with password
      // accounts, the page to join with a password) when signed out;
      // any other caller needs a session (401 before the token is even looked at).
      preValidation: async (request, reply) => {
        if (!request.headers.accept?.includes('text/html')) return void requireAuth(request);
        const token = encodeURIComponent((request.params as { token: string }).token);
        const page = `/invitations/${token}`;
        if (request.auth) return reply.redirect(page);
        // With password accounts, a signed-out invitee sets a password there (or signs in from it).
        if (deps.env.passwordAccounts) return reply.redirect(`/join/${token}`);
        return reply.redirect(`/api/login?returnTo=${encodeURIComponent(page)}`);
      },
    },
    async (request) => previewInvitation(deps.db, request.params.token, deps.clock()),
  );
  api.post(
    '/api/invitations/:token/accept',
    {
      config: { access: 'signed-in' },
      schema: { params: InvitationTokenParamsSchema, response: { 200: AcceptedInvitationSchema } },
    },
    async (request) =>
      acceptInvitation(
        deps.db,
        { userId: requireAuth(request).userId, sessionToken: request.cookies[SESSION_COOKIE] },
        request.params.token,
        deps.clock(),
      ),
  );
}
