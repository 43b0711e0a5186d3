import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CreatedInvitation, CreateInvitationBody } from '../../../shared/contracts/members.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { catchesMail } from '../../platform/mail/mail-transport.ts';
import { queueDelivery } from '../../platform/notifications/queue-delivery.ts';
import { invitationUrl, newInvitationToken } from '../../platform/session/invitation-token.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { toInvitation } from '../../platform/session/read-invitations.ts';
import { insertInvitation } from '../../platform/session/write-invitations.ts';
import { renderInvitationMail } from './render-invitation-mail.ts';

const AlreadyRow = z.object({ user_id: z.string() });

/**
 * POST /api/workspace/invitations: a single-use link for one address and role, valid 7 days,
 * answered to the inviter (to copy) and e-mailed to the invitee through the notifications mailer
 * (a delivery of its own, retried by the queue) when the app sends mail. Only an owner invites an
 * owner; someone already a member is not invited again.
 */
export async function createInvitation(
  deps: AppDeps,
  caller: SessionPrincipal,
  body: CreateInvitationBody,
): Promise<CreatedInvitation> {
  const now = deps.clock();
  if (body.role === 'owner' && caller.role !== 'owner')
    throw new AppError(403, 'forbidden', 'Only an owner can invite an owner.');
  const [already] = await queryRows(
    deps.db,
    AlreadyRow,
    sql`SELECT m.user_id FROM team_members m JOIN users u ON u.id = m.user_id
        WHERE m.team_id = ${caller.teamId} AND lower(u.email) = ${body.email}`,
  );
  if (already)
    throw new AppError(409, 'already_member', `${body.email} is already a member of this workspace.`);

  const { token, hash } = newInvitationToken();
  const row = await insertInvitation(
    deps.db,
    { teamId: caller.teamId, email: body.email, role: body.role, tokenHash: hash, invitedBy: caller.userId },
    now,
  );
  await recordAudit(
    deps.db,
    {
      teamId: caller.teamId,
      storeId: null,
      actorUserId: caller.userId,
      action: 'member.invited',
      target: body.email,
      details: { role: body.role, invitationId: row.id },
    },
    now,
  );

  const url = invitationUrl(deps.publicUrl(), token);
  const sendsMail = Boolean(deps.env.mail.smtpUrl) || catchesMail(deps);
  if (sendsMail) {
    const mail = renderInvitationMail({
      url,
      workspaceName: row.team_name,
      role: body.role,
      invitedBy: row.invited_by,
      expiresAt: new Date(row.expires_at),
    });
    await queueDelivery(deps, {
      workspaceId: caller.workspaceId,
      source: `invitation:${row.id}`,
      period: now.toISOString().slice(0, 10),
      recipient: `email:${body.email}`,
      channelId: null,
      alertId: null,
      kind: 'email',
      subject: mail.subject,
      message: {
        to: body.email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        unsubscribeUrl: null,
      },
    });
  }
  return { url, invitation: toInvitation(row), emailed: sendsMail };
}
