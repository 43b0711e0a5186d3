import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { NotificationSettings } from '../../../shared/contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** Before a user saves anything: the daily digest at 07:00 shop time, alert e-mails on, no quiet hours. */
export const DEFAULT_SETTINGS: NotificationSettings = {
  dailyDigest: true,
  weeklyDigest: false,
  digestHour: 7,
  emailAlerts: true,
  quietStart: null,
  quietEnd: null,
};

const SettingsRow = z.object({
  daily_digest: z.boolean(),
  weekly_digest: z.boolean(),
  digest_hour: z.number(),
  email_alerts: z.boolean(),
  quiet_start: z.number().nullable(),
  quiet_end: z.number().nullable(),
});
type SettingsRow = z.infer<typeof SettingsRow>;

const present = (row: SettingsRow): NotificationSettings => ({
  dailyDigest: row.daily_digest,
  weeklyDigest: row.weekly_digest,
  digestHour: row.digest_hour,
  emailAlerts: row.email_alerts,
  quietStart: row.quiet_start,
  quietEnd: row.quiet_end,
});

export async function readSettings(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<NotificationSettings> {
  const [row] = await queryRows(
    db,
    SettingsRow,
    sql`SELECT * FROM notification_settings WHERE workspace_id = ${workspaceId} AND user_id = ${userId}`,
  );
  return row ? present(row) : DEFAULT_SETTINGS;
}

export async function saveSettings(
  db: Db,
  workspaceId: string,
  userId: string,
  settings: NotificationSettings,
  now: Date,
): Promise<NotificationSettings> {
  const [row] = await queryRows(
    db,
    SettingsRow,
    sql`INSERT INTO notification_settings (workspace_id, user_id, daily_digest, weekly_digest, digest_hour, email_alerts,
          quiet_start, quiet_end, updated_at)
        VALUES (${workspaceId}, ${userId}, ${settings.dailyDigest}, ${settings.weeklyDigest}, ${settings.digestHour},
          ${settings.emailAlerts}, ${settings.quietStart}, ${settings.quietEnd}, ${now.toISOString()})
        ON CONFLICT (workspace_id, user_id) DO UPDATE SET daily_digest = EXCLUDED.daily_digest,
          weekly_digest = EXCLUDED.weekly_digest, digest_hour = EXCLUDED.digest_hour, email_alerts = EXCLUDED.email_alerts,
          quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end, updated_at = EXCLUDED.updated_at
        RETURNING *`,
  );
  return row ? present(row) : settings;
}
