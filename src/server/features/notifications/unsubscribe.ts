import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { turnOffChannelDigests } from '../../platform/notifications/channels.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * Applies a one-click unsubscribe: a user's digests off (their settings row), or an e-mail
 * channel's digests off. A tampered or malformed token is refused with 400.
 */
export async function unsubscribe(db: Db, secret: string, token: string, now: Date): Promise<void> {
  const target = verifyUnsubscribeToken(secret, token);
  if (!target)
    throw new AppError(
      400,
      'invalid_unsubscribe_link',
      'This unsubscribe link is not valid (it was altered or cut short).',
    );
  const [kind, id] = target.recipient.split(':') as [string, string];
  if (kind === 'user') {
    await db.execute(
      sql`INSERT INTO notification_settings (workspace_id, user_id, daily_digest, weekly_digest, updated_at)
          SELECT ${target.workspaceId}, ${id}, false, false, ${now.toISOString()}
          WHERE EXISTS (SELECT 1 FROM workspaces w JOIN team_members m ON m.team_id = w.team_id
                        WHERE w.id = ${target.workspaceId} AND m.user_id = ${id})
          ON CONFLICT (workspace_id, user_id) DO UPDATE SET daily_digest = false, weekly_digest = false,
            updated_at = EXCLUDED.updated_at`,
    );
  } else {
    await turnOffChannelDigests(db, target.workspaceId, id, now);
  }
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>
<body style="font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#111827;">
<h1 style="font-size:20px;">${title}</h1>${body}</body></html>`;

/** The page behind the link: a button that posts the one-click unsubscribe (no script). */
export function unsubscribeConfirmPage(token: string): string {
  const safe = token.replace(/[^A-Za-z0-9._-]/g, '');
  return page(
    'Unsubscribe from Upside digests',
    `<p>Stop receiving the daily and weekly digests at this address?</p>
<form method="post" action="/api/notifications/unsubscribe?token=${safe}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:8px 16px;font-size:14px;">Unsubscribe</button></form>`,
  );
}

export const unsubscribedPage = () =>
  page(
    'You are unsubscribed',
    '<p>You will not receive Upside digests at this address any more. Alerts are set separately in Upside under Notifications.</p>',
  );
