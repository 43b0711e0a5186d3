import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { WebhookTopic } from '../../../../shared/contracts/webhooks.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { catalogue, enqueueMany } from '../../../jobs/catalogue.ts';

/** One verified delivery for one workspace, as the receiver stores it. */
export interface AcceptedEvent {
  workspaceId: string;
  eventId: string;
  topic: WebhookTopic;
  webhookId: string | null;
  triggeredAt: Date | null;
  receivedAt: Date;
  /** The delivery's JSON body, already parsed and checked once (stored as jsonb). */
  payload: string;
}

interface Waiting {
  event: AcceptedEvent;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

/** The most events one statement inserts. */
const MAX_BATCH = 250;
/** Batches written at once (each on its own connection), so one slow commit does not hold up the rest. */
const MAX_WRITERS = 4;

const CreatedRow = z.object({ id: z.string(), workspace_id: z.string(), event_id: z.string() });

/**
 * Group commit for the webhook receiver (decision 043): deliveries arriving while MAX_WRITERS
 * batches are being written wait and go into the next batch together, so under load one transaction (one insert of
 * events, one insert of their jobs, one commit) answers many requests, and alone a delivery is
 * written at once without waiting. Each request still gets its 200 only after its event and its
 * job are committed. An event already stored under the same (workspace, event id) — a replay, or
 * a duplicate within the batch — resolves `false` and queues nothing. When a batch fails as a
 * whole (one payload PostgreSQL refuses), its events are written one by one so only that one fails.
 */
export class WebhookEventWriter {
  private waiting: Waiting[] = [];
  private writers = 0;

  constructor(private readonly db: Db) {}

  /** Stores the event and queues its job; false when it was stored before (nothing queued). */
  write(event: AcceptedEvent): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ event, resolve, reject });
      if (this.writers < MAX_WRITERS) {
        this.writers += 1;
        void this.drain();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_BATCH);
        try {
          const stored = await this.insert(batch.map((entry) => entry.event));
          for (const [k, entry] of batch.entries()) entry.resolve(stored[k]!);
        } catch (error) {
          if (batch.length === 1) {
            batch[0]!.reject(error);
            continue;
          }
          for (const entry of batch) {
            await this.insert([entry.event]).then(
              ([stored]) => entry.resolve(stored!),
              (single: unknown) => entry.reject(single),
            );
          }
        }
      }
    } finally {
      this.writers -= 1;
    }
  }

  /** One transaction: the events (ON CONFLICT DO NOTHING), then one job per event inserted. */
  private async insert(events: AcceptedEvent[]): Promise<boolean[]> {
    const now = new Date(Math.max(...events.map((e) => e.receivedAt.getTime())));
    const rows = sql.join(
      events.map(
        (e) =>
          sql`(${e.workspaceId}::uuid, ${e.eventId}, ${e.topic}, ${e.webhookId}, ${e.triggeredAt?.toISOString() ?? null}::timestamptz,
            ${e.receivedAt.toISOString()}::timestamptz, ${e.payload}::jsonb)`,
      ),
      sql`, `,
    );
    const inserted = await this.db.transaction(async (tx) => {
      const created = await queryRows(
        tx,
        CreatedRow,
        sql`INSERT INTO webhook_events (workspace_id, event_id, topic, webhook_id, triggered_at, received_at, payload)
            VALUES ${rows}
            ON CONFLICT (workspace_id, event_id) DO NOTHING
            RETURNING id::text, workspace_id::text, event_id`,
      );
      await enqueueMany(
        tx,
        catalogue.processShopifyWebhook,
        created.map((row) => ({ workspaceId: row.workspace_id, eventRowId: Number(row.id) })),
        { now },
      );
      return created;
    });
    // Within a batch the first copy of an event is the stored one; later copies are duplicates.
    const fresh = new Set(inserted.map((row) => `${row.workspace_id}|${row.event_id}`));
    return events.map((e) => fresh.delete(`${e.workspaceId}|${e.eventId}`));
  }
}
