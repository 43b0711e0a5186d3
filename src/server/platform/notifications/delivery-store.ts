import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Delivery, DeliverySchema } from '../../../shared/contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';

/**
 * The notification_deliveries table (decision 028): one row per (source, period, recipient),
 * unique, created before anything is sent; a send first claims its row (pending → sending, one
 * claimer wins), then records the outcome. A row left 'sending' by a process that died is
 * claimable again once its claim is older than the job lease (JOB_LEASE_SECONDS, 2 min by default).
 */

export const DeliveryRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  source: z.string(),
  period: z.string(),
  recipient: z.string(),
  channel_id: z.string().nullable(),
  channel_name: z.string().nullable(),
  alert_id: z.string().nullable(),
  kind: z.enum(['email', 'slack', 'webhook']),
  subject: z.string(),
  message: z.unknown(),
  status: DeliverySchema.shape.status,
  attempts: z.number(),
  last_error: z.string().nullable(),
  claimed_by: z.string().nullable(),
  created_at: timestampColumn,
  sent_at: timestampColumn.nullable(),
});
export type DeliveryRow = z.infer<typeof DeliveryRow>;

export interface NewDelivery {
  workspaceId: string;
  source: string;
  period: string;
  recipient: string;
  channelId: string | null;
  alertId: string | null;
  kind: DeliveryRow['kind'];
  subject: string;
  message: unknown;
}

const COLUMNS = sql`d.id, d.workspace_id, d.source, d.period, d.recipient, d.channel_id, d.alert_id, d.kind, d.subject,
  d.message, d.status, d.attempts, d.last_error, d.claimed_by, d.created_at, d.sent_at,
  (SELECT c.name FROM notification_channels c WHERE c.id = d.channel_id) AS channel_name`;

const RecordDeliveryRow = z.object({ id: z.string() });

const RecordDeliveryRow2 = z.object({ id: z.string() });

/** Creates the delivery unless it exists; `created` false means someone already decided it. */
export async function recordDelivery(
  db: Db,
  input: NewDelivery,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  const [inserted] = await queryRows(
    db,
    RecordDeliveryRow,
    sql`INSERT INTO notification_deliveries (workspace_id, source, period, recipient, channel_id, alert_id, kind, subject,
          message, status, created_at, updated_at)
        VALUES (${input.workspaceId}, ${input.source}, ${input.period}, ${input.recipient}, ${input.channelId},
          ${input.alertId}, ${input.kind}, ${input.subject}, ${JSON.stringify(input.message)}::jsonb, 'pending',
          ${now.toISOString()}, ${now.toISOString()})
        ON CONFLICT (workspace_id, source, period, recipient) DO NOTHING
        RETURNING id`,
  );
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await queryRows(
    db,
    RecordDeliveryRow2,
    sql`SELECT id FROM notification_deliveries WHERE workspace_id = ${input.workspaceId} AND source = ${input.source}
          AND period = ${input.period} AND recipient = ${input.recipient}`,
  );
  if (!existing) throw new Error('delivery vanished between insert and select');
  return { id: existing.id, created: false };
}

export type ClaimOutcome =
  | { state: 'claimed'; row: DeliveryRow }
  | { state: 'done'; row: DeliveryRow }
  | { state: 'busy'; row: DeliveryRow }
  | { state: 'missing' };

/**
 * Takes the delivery for one send attempt: pending (or left sending by a dead process) → sending,
 * in one UPDATE, so of two workers racing only one gets it. Otherwise says why not.
 */
export async function claimDelivery(
  db: Db,
  id: string,
  claimer: string,
  now: Date,
  staleAfterMs: number,
): Promise<ClaimOutcome> {
  const staleBefore = new Date(now.getTime() - staleAfterMs).toISOString();
  const [claimed] = await queryRows(
    db,
    DeliveryRow,
    sql`UPDATE notification_deliveries d SET status = 'sending', attempts = d.attempts + 1, claimed_by = ${claimer},
          claimed_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
        WHERE d.id = ${id} AND (d.status = 'pending' OR (d.status = 'sending' AND d.claimed_at < ${staleBefore}))
        RETURNING ${COLUMNS}`,
  );
  if (claimed) return { state: 'claimed', row: claimed };
  const [row] = await queryRows(
    db,
    DeliveryRow,
    sql`SELECT ${COLUMNS} FROM notification_deliveries d WHERE d.id = ${id}`,
  );
  if (!row) return { state: 'missing' };
  return { state: row.status === 'sending' ? 'busy' : 'done', row };
}

/** Records the attempt's outcome (only by its claimer): sent, pending again, or failed for good. */
export async function finishDelivery(
  db: Db,
  id: string,
  claimer: string,
  outcome: { status: 'sent' | 'pending' | 'failed'; error: string | null },
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE notification_deliveries SET status = ${outcome.status}, last_error = ${outcome.error},
          sent_at = ${outcome.status === 'sent' ? now.toISOString() : null}, claimed_by = NULL, claimed_at = NULL,
          updated_at = ${now.toISOString()}
        WHERE id = ${id} AND claimed_by = ${claimer} AND status = 'sending'`,
  );
}

export function presentDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    source: row.source,
    period: row.period,
    recipient:
      row.kind === 'email' ? row.recipient.replace(/^email:/, '') : (row.channel_name ?? 'deleted channel'),
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  };
}

export async function readDelivery(db: Db, id: string): Promise<Delivery> {
  const [row] = await queryRows(
    db,
    DeliveryRow,
    sql`SELECT ${COLUMNS} FROM notification_deliveries d WHERE d.id = ${id}`,
  );
  if (!row) throw new Error(`delivery ${id} not found`);
  return presentDelivery(row);
}

/** The history page: the latest messages of the workspace, newest first. */
export async function listDeliveries(db: Db, workspaceId: string, limit = 200): Promise<Delivery[]> {
  const rows = await queryRows(
    db,
    DeliveryRow,
    sql`SELECT ${COLUMNS} FROM notification_deliveries d WHERE d.workspace_id = ${workspaceId}
        ORDER BY d.created_at DESC, d.id LIMIT ${limit}`,
  );
  return rows.map(presentDelivery);
}

/** Deliveries of the given alerts, for GET /api/alerts. */
export async function listAlertDeliveries(db: Db, alertIds: string[]): Promise<Map<string, Delivery[]>> {
  const byAlert = new Map<string, Delivery[]>();
  if (alertIds.length === 0) return byAlert;
  const ids = sql.join(
    alertIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows(
    db,
    DeliveryRow,
    sql`SELECT ${COLUMNS} FROM notification_deliveries d WHERE d.alert_id IN (${ids}) ORDER BY d.created_at, d.id`,
  );
  for (const row of rows) {
    const list = byAlert.get(row.alert_id ?? '') ?? [];
    list.push(presentDelivery(row));
    byAlert.set(row.alert_id ?? '', list);
  }
  return byAlert;
}
