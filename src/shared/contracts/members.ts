import { z } from 'zod';
import { EmailField } from './auth.ts';
import { TeamRoleSchema } from './stores.ts';

/**
 * Members of a workspace, invitations and the audit log (issue #17 items 2–4, decision 055).
 * A member's id is their user id.
 */
export const MemberSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: TeamRoleSchema,
  /** May see cost and profit figures (pages, API, CSV exports, digests). */
  canSeeCosts: z.boolean(),
  /** May see shop customers' names and e-mails unmasked. */
  canSeePersonalData: z.boolean(),
  joinedAt: z.iso.datetime(),
  /** True for the caller. */
  you: z.boolean(),
});
export type Member = z.infer<typeof MemberSchema>;

/** GET /api/workspace/members — oldest member first, with what the caller may do. */
export const MemberListSchema = z.object({
  members: z.array(MemberSchema),
  /** The caller's role and switches, so the page shows only what they may change. */
  you: z.object({ role: TeamRoleSchema, canSeeCosts: z.boolean(), canSeePersonalData: z.boolean() }),
});
export type MemberList = z.infer<typeof MemberListSchema>;

export const MemberParamsSchema = z.object({ id: z.uuid('id must be a member id') });

/** PATCH /api/workspace/members/:id — any of the three; at least one. */
export const UpdateMemberBodySchema = z
  .object({
    role: TeamRoleSchema.optional(),
    canSeeCosts: z.boolean('canSeeCosts must be true or false').optional(),
    canSeePersonalData: z.boolean('canSeePersonalData must be true or false').optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.role !== undefined || body.canSeeCosts !== undefined || body.canSeePersonalData !== undefined,
    'Give at least one of role, canSeeCosts, canSeePersonalData.',
  );
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

/** POST /api/workspace/invitations */
export const CreateInvitationBodySchema = z.object({
  email: EmailField,
  role: TeamRoleSchema,
});
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;

export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: TeamRoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** The answer to an invitation: the link to copy (also sent by e-mail when mail is set up). */
export const CreatedInvitationSchema = z.object({
  url: z.string(),
  invitation: InvitationSchema,
  /** True when the e-mail was queued to the invitee. */
  emailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof CreatedInvitationSchema>;

/** GET /api/workspace/invitations — the pending ones (not accepted, revoked or expired). */
export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });

export const InvitationIdParamsSchema = z.object({ id: z.uuid('id must be an invitation id') });
export const InvitationTokenParamsSchema = z.object({
  token: z.string().regex(/^[\w-]{20,100}$/, 'token is not an invitation token'),
});

/** GET /api/invitations/:token — what the invitee is asked to accept. */
/**
 * GET /api/invitations/:token. Once the invitation can no longer be accepted (used, expired,
 * withdrawn) the link shows only that (issue #36): no workspace, no e-mail addresses, no inviter.
 */
export const InvitationPreviewSchema = z.object({
  workspaceName: z.string().nullable(),
  role: TeamRoleSchema,
  email: z.string().nullable(),
  invitedBy: z.string().nullable(),
  expiresAt: z.iso.datetime(),
  /** 'pending', or why it can no longer be accepted. */
  state: z.enum(['pending', 'accepted', 'expired', 'revoked']),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** POST /api/invitations/:token/accept — the session now reads a store of that workspace. */
export const AcceptedInvitationSchema = z.object({
  teamId: z.uuid(),
  storeId: z.uuid(),
  role: TeamRoleSchema,
});

export const AUDIT_ACTIONS = [
  'credentials.changed',
  'credentials.removed',
  'api-token.created',
  'api-token.revoked',
  'costs.changed',
  'costs.recalculated',
  'products.lead-time-changed',
  'export.downloaded',
  'data.deleted',
  'member.invited',
  'member.joined',
  'member.changed',
  'member.removed',
  'invitation.revoked',
  'store.created',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  /** Who: the member's e-mail at the time (null for the system). */
  actor: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** What it was done to (a member's e-mail, a source, a route), when there is one. */
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The store it happened in, when it concerns one. */
  storeName: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/audit-log?before=&limit= — newest first; `nextBefore` fetches the next page. */
export const AuditLogQuerySchema = z.object({
  before: z.coerce
    .number('before must be an entry id')
    .int()
    .positive('before must be an entry id')
    .optional(),
  limit: z.coerce
    .number('limit must be a number')
    .int()
    .min(1, 'limit is 1–200')
    .max(200, 'limit is 1–200')
    .default(50),
});
export const AuditLogPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextBefore: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;
