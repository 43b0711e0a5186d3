import type { TeamRole } from '../../../shared/contracts/stores.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import type { RenderedMail } from '../../platform/mail/rendered-mail.ts';

export interface InvitationMail {
  url: string;
  workspaceName: string;
  role: TeamRole;
  invitedBy: string | null;
  expiresAt: Date;
}

/** The invitation e-mail: who invites, to which workspace and role, the link and when it expires. */
export function renderInvitationMail(invitation: InvitationMail): RenderedMail {
  const who = invitation.invitedBy ?? 'A member';
  const subject = `${who} invited you to ${invitation.workspaceName} on Upside`;
  const expires = invitation.expiresAt.toISOString().slice(0, 10);
  const text = [
    `${who} invited you to join the workspace "${invitation.workspaceName}" on Upside as ${invitation.role}.`,
    '',
    `Accept the invitation: ${invitation.url}`,
    '',
    `The link works once and expires on ${expires}. If you did not expect it, ignore this e-mail.`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#111827;">
<p>${escapeHtml(who)} invited you to join the workspace <strong>${escapeHtml(invitation.workspaceName)}</strong> on Upside as <strong>${escapeHtml(invitation.role)}</strong>.</p>
<p><a href="${escapeHtml(invitation.url)}" style="color:#4f46e5;">Accept the invitation</a></p>
<p style="font-size:12px;color:#6b7280;">The link works once and expires on ${escapeHtml(expires)}. If you did not expect it, ignore this e-mail.</p>
</body></html>`;
  return { subject, html, text };
}
