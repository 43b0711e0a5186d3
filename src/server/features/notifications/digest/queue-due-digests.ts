import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { localDayOf, weekdayOf } from '../../../../shared/calendar.ts';
import type { DigestPeriod } from '../../../../shared/contracts/notifications.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { readDigest } from '../../../domain/notifications/read-digest.ts';
import type { AppDeps } from '../../../http/deps.ts';
import { loadChannelTarget } from '../../../platform/notifications/channels.ts';
import { queueDelivery } from '../../../platform/notifications/queue-delivery.ts';
import { composeDigestMail } from './compose-digest-mail.ts';

/** The hour e-mail channels (addresses without an account) get their digests, shop time. */
const CHANNEL_DIGEST_HOUR = 7;

const Recipient = z.object({
  workspace_id: z.string(),
  address: z.string().nullable(),
  /** 'user:<id>' or 'channel:<id>', what the unsubscribe link turns off. */
  unsubscribe: z.string(),
  channel_id: z.string().nullable(),
  /** False for a member without "can see costs and profit" (issue #17); channels get the full digest. */
  can_see_costs: z.boolean(),
});

function localHour(now: Date, timeZone: string): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(now),
  );
}

const ShopRow = z.object({ workspace_id: z.string(), iana_timezone: z.string() });

/**
 * Queues the daily (and on Mondays the weekly) digests that are due: for each shop, the members
 * whose digest hour has come in the shop's time zone today and the e-mail channels (at 07:00),
 * each once per shop day — the delivery key (digest, local day, address) makes a second tick,
 * instance or restart queue nothing. The digest is read once per shop and period.
 */
export async function queueDueDigests(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const shops = await queryRows(deps.db, ShopRow, sql`SELECT workspace_id, iana_timezone FROM wh_shops`);
  let queued = 0;
  for (const shop of shops) {
    const day = localDayOf(now, shop.iana_timezone);
    const hour = localHour(now, shop.iana_timezone);
    const periods: DigestPeriod[] = weekdayOf(day) === 1 ? ['daily', 'weekly'] : ['daily'];
    for (const period of periods) {
      const source = `digest:${period}`;
      const column = period === 'daily' ? sql`daily_digest` : sql`weekly_digest`;
      const recipients = await queryRows(
        deps.db,
        Recipient,
        sql`SELECT w.id AS workspace_id, u.email AS address, 'user:' || u.id AS unsubscribe, NULL::uuid AS channel_id,
              m.can_see_costs
            FROM workspaces w JOIN team_members m ON m.team_id = w.team_id JOIN users u ON u.id = m.user_id
            LEFT JOIN notification_settings s ON s.workspace_id = w.id AND s.user_id = m.user_id
            WHERE w.id = ${shop.workspace_id} AND u.email IS NOT NULL
              AND coalesce(s.${column}, ${period === 'daily'}) AND coalesce(s.digest_hour, 7) <= ${hour}
              AND NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.workspace_id = w.id
                AND d.source = ${source} AND d.period = ${day} AND d.recipient = 'email:' || u.email)
            UNION ALL
            SELECT c.workspace_id, NULL, 'channel:' || c.id, c.id, true FROM notification_channels c
            WHERE c.workspace_id = ${shop.workspace_id} AND c.type = 'email' AND c.digests
              AND ${CHANNEL_DIGEST_HOUR} <= ${hour}
              AND NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.workspace_id = c.workspace_id
                AND d.source = ${source} AND d.period = ${day} AND d.recipient = 'channel:' || c.id)`,
      );
      if (recipients.length === 0) continue;
      const data = await readDigest(deps, shop.workspace_id, period, now);
      for (const recipient of recipients) {
        const address =
          recipient.address ??
          (await loadChannelTarget(deps, shop.workspace_id, recipient.channel_id ?? '')).target;
        const message = composeDigestMail(deps, {
          workspaceId: shop.workspace_id,
          unsubscribe: recipient.unsubscribe,
          to: address,
          canSeeCosts: recipient.can_see_costs,
          data,
        });
        const { created } = await queueDelivery(deps, {
          workspaceId: shop.workspace_id,
          source,
          period: day,
          // A channel's key is the channel (its address is encrypted); a member's is the address.
          recipient: recipient.channel_id ? recipient.unsubscribe : `email:${address}`,
          channelId: recipient.channel_id,
          alertId: null,
          kind: 'email',
          subject: message.subject,
          message,
        });
        if (created) queued += 1;
      }
    }
  }
  return queued;
}
