import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { HOUR_MS } from '../../../shared/calendar.ts';
import { CHANNEL_TYPES } from '../../../shared/contracts/notifications.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { AppDeps } from '../../http/deps.ts';
import { loadChannelTarget } from '../../platform/notifications/channels.ts';
import { queueDelivery } from '../../platform/notifications/queue-delivery.ts';
import type { AlertCondition } from './alert-condition.ts';

export type AlertEvent = 'opened' | 'resolved';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The local hour of an instant in a time zone (0–23). */
function localHour(now: Date, timeZone: string): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(now),
  );
}

/** When a message may go out given quiet hours [start, end) in the shop's hours; undefined = now. */
export function afterQuietHours(
  now: Date,
  timeZone: string,
  start: number | null,
  end: number | null,
): Date | undefined {
  if (start === null || end === null || start === end) return undefined;
  const hour = localHour(now, timeZone);
  const quiet = start < end ? hour >= start && hour < end : hour >= start || hour < end;
  if (!quiet) return undefined;
  const hours = (end - hour + 24) % 24;
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + hours * HOUR_MS);
}

function messages(storeName: string, appUrl: string, alert: AlertCondition, event: AlertEvent) {
  const heading = event === 'opened' ? `Alert: ${alert.title}` : `Resolved: ${alert.title}`;
  const subject = `${storeName} · ${heading}`;
  const link = `${appUrl}${alert.link}`;
  const body = event === 'opened' ? alert.detail : `This no longer holds. It was: ${alert.detail}`;
  return {
    subject,
    email: (to: string) => ({
      to,
      subject,
      text: `${heading}\n\n${body}\n\nWhy and what to do: ${link}\nNotification settings: ${appUrl}/settings/notifications`,
      html: `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:14px;color:#111827;"><h1 style="font-size:18px;">${escapeHtml(heading)}</h1><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">Open in Upside</a></p><p style="font-size:12px;color:#6b7280;"><a href="${escapeHtml(`${appUrl}/settings/notifications`)}">Notification settings</a></p></body></html>`,
      unsubscribeUrl: null,
    }),
    slack: {
      text: `${heading} — ${body}`,
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: heading.slice(0, 150) } },
        { type: 'section', text: { type: 'mrkdwn', text: body.slice(0, 2900) } },
        {
          type: 'actions',
          elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Upside' }, url: link }],
        },
      ],
    },
    webhook: (alertId: string, at: Date) => ({
      event: {
        type: `alert.${event}`,
        occurredAt: at.toISOString(),
        data: {
          alertId,
          rule: alert.rule,
          subject: alert.subject,
          title: alert.title,
          detail: alert.detail,
          url: link,
        },
      },
    }),
  };
}

const ShopRow = z.object({ name: z.string(), iana_timezone: z.string() });

const ChannelRow = z.object({ id: z.string(), type: z.enum(CHANNEL_TYPES) });

const MemberRow = z.object({
  email: z.string(),
  quiet_start: z.number().nullable(),
  quiet_end: z.number().nullable(),
});

/**
 * Fans an alert's opening or resolution out to every channel of the workspace and to each
 * member's own address (unless they turned alert e-mails off), one delivery each, once: the
 * delivery key is the alert and the event. A member's quiet hours hold their e-mail until they end.
 */
export async function notifyAlert(
  deps: AppDeps,
  workspaceId: string,
  alertId: string,
  alert: AlertCondition,
  event: AlertEvent,
): Promise<void> {
  const [shop] = await queryRows(
    deps.db,
    ShopRow,
    sql`SELECT coalesce(s.name, w.name) AS name, coalesce(s.iana_timezone, 'UTC') AS iana_timezone
        FROM workspaces w LEFT JOIN wh_shops s ON s.workspace_id = w.id WHERE w.id = ${workspaceId}`,
  );
  const built = messages(shop?.name ?? 'Your store', deps.publicUrl(), alert, event);
  const now = deps.clock();
  const source = `alert:${alertId}:${event}`;
  const base = { workspaceId, source, period: '', alertId, subject: built.subject };
  const channels = await queryRows(
    deps.db,
    ChannelRow,
    sql`SELECT id, type FROM notification_channels WHERE workspace_id = ${workspaceId} ORDER BY created_at`,
  );
  for (const channel of channels) {
    if (channel.type === 'email') {
      const target = await loadChannelTarget(deps, workspaceId, channel.id);
      await queueDelivery(deps, {
        ...base,
        recipient: `email:${target.target}`,
        channelId: channel.id,
        kind: 'email',
        message: built.email(target.target),
      });
    } else {
      await queueDelivery(deps, {
        ...base,
        recipient: `channel:${channel.id}`,
        channelId: channel.id,
        kind: channel.type,
        message: channel.type === 'slack' ? built.slack : built.webhook(alertId, now),
      });
    }
  }
  const members = await queryRows(
    deps.db,
    MemberRow,
    sql`SELECT u.email, s.quiet_start, s.quiet_end
        FROM workspaces w JOIN team_members m ON m.team_id = w.team_id JOIN users u ON u.id = m.user_id
        LEFT JOIN notification_settings s ON s.workspace_id = w.id AND s.user_id = m.user_id
        WHERE w.id = ${workspaceId} AND u.email IS NOT NULL AND coalesce(s.email_alerts, true)`,
  );
  for (const member of members) {
    const runAt = afterQuietHours(now, shop?.iana_timezone ?? 'UTC', member.quiet_start, member.quiet_end);
    await queueDelivery(
      deps,
      {
        ...base,
        recipient: `email:${member.email}`,
        channelId: null,
        kind: 'email',
        message: built.email(member.email),
      },
      runAt ? { runAt } : {},
    );
  }
}
