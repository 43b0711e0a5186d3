import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { localDayOf } from '../../../shared/calendar.ts';
import type { Delivery, DigestPeriod } from '../../../shared/contracts/notifications.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readDigest } from '../../domain/notifications/read-digest.ts';
import { badRequest } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { loadChannelTarget } from '../../platform/notifications/channels.ts';
import { sendNow } from '../../platform/notifications/queue-delivery.ts';
import { composeDigestMail } from './digest/compose-digest-mail.ts';

/** POST /api/notifications/channels/:id/test: a short message through the channel, now. */
export async function sendChannelTest(
  deps: AppDeps,
  workspaceId: string,
  channelId: string,
): Promise<Delivery> {
  const channel = await loadChannelTarget(deps, workspaceId, channelId);
  const now = deps.clock();
  const line = `This is a test message from Upside for the channel "${channel.name}". If you can read it, alerts will reach you here.`;
  const message =
    channel.type === 'email'
      ? {
          to: channel.target,
          subject: 'Upside test message',
          text: line,
          html: `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:14px;"><p>${line.replace(/</g, '&lt;')}</p></body></html>`,
          unsubscribeUrl: null,
        }
      : channel.type === 'slack'
        ? {
            text: line,
            blocks: [
              { type: 'header', text: { type: 'plain_text', text: 'Upside test message' } },
              { type: 'section', text: { type: 'mrkdwn', text: line } },
            ],
          }
        : {
            event: {
              type: 'test',
              occurredAt: now.toISOString(),
              data: { channel: channel.name, message: line },
            },
          };
  return sendNow(deps, {
    workspaceId,
    source: `test:${randomUUID()}`,
    period: now.toISOString(),
    recipient: channel.type === 'email' ? `email:${channel.target}` : `channel:${channel.id}`,
    channelId: channel.id,
    alertId: null,
    kind: channel.type,
    subject: 'Upside test message',
    message,
  });
}

const UserRow = z.object({ email: z.string().nullable() });

/**
 * POST /api/notifications/digests/test: the digest now, to the signed-in user's own address — the
 * same mail, unsubscribe link and headers the scheduled digest sends them.
 */
export async function sendDigestTest(
  deps: AppDeps,
  auth: { workspaceId: string; userId: string; canSeeCosts: boolean },
  period: DigestPeriod,
): Promise<Delivery> {
  const [user] = await queryRows(deps.db, UserRow, sql`SELECT email FROM users WHERE id = ${auth.userId}`);
  if (!user?.email) throw badRequest('Your account has no e-mail address to send the digest to.');
  const now = deps.clock();
  const data = await readDigest(deps, auth.workspaceId, period, now);
  // The real digest, composed as the scheduled one is (digest/compose-digest-mail.ts).
  const message = composeDigestMail(deps, {
    workspaceId: auth.workspaceId,
    unsubscribe: `user:${auth.userId}`,
    to: user.email,
    canSeeCosts: auth.canSeeCosts,
    data,
  });
  return sendNow(deps, {
    workspaceId: auth.workspaceId,
    source: `test:${randomUUID()}`,
    period: data.range?.end ?? localDayOf(now, 'UTC'),
    recipient: `email:${user.email}`,
    channelId: null,
    alertId: null,
    kind: 'email',
    subject: message.subject,
    message,
  });
}
