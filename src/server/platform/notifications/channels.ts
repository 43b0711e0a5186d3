import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHANNEL_TYPES,
  type Channel,
  type ChannelType,
  type CreateChannelBody,
  type CreatedChannel,
} from '../../../shared/contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { decryptSecret, encryptSecret } from '../../vault/cipher.ts';
import { assertPublicHost, UnsafeTargetError } from '../outbound/ssrf-guard.ts';
import { channelVaultContext } from './reencrypt-channel-targets.ts';

/**
 * Notification channels of a workspace. The target (and a webhook's signing secret) is encrypted
 * by the vault under the workspace id (a row copied elsewhere cannot be read); lists show it
 * masked. In production a Slack or webhook host must resolve to public addresses only.
 */

const ChannelRow = z.object({
  id: z.string(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  target_masked: z.string(),
  digests: z.boolean(),
  created_at: timestampColumn,
  target_key_id: z.string(),
  target_iv: z.string(),
  target_auth_tag: z.string(),
  target_ciphertext: z.string(),
});
type ChannelRow = z.infer<typeof ChannelRow>;

/** A channel with its decrypted target, as the sender needs it. */
export interface ChannelTarget {
  id: string;
  type: ChannelType;
  name: string;
  target: string;
  signingSecret: string | null;
}

/** The URL's origin and the first characters of its path; e-mail addresses are shown whole. */
export function maskTarget(type: ChannelType, target: string): string {
  if (type === 'email') return target;
  const url = new URL(target);
  const path = url.pathname.length > 12 ? `${url.pathname.slice(0, 12)}…` : url.pathname;
  return `${url.origin}${path}`;
}

const present = (row: ChannelRow): Channel => ({
  id: row.id,
  type: row.type,
  name: row.name,
  target: row.target_masked,
  digests: row.digests,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Refuses (400 unsafe_target) a Slack/webhook target that reaches a non-public address in production. */
export async function assertSafeTarget(deps: AppDeps, type: ChannelType, target: string): Promise<void> {
  if (type === 'email' || deps.env.nodeEnv !== 'production') return;
  const url = new URL(target);
  if (url.protocol !== 'https:')
    throw new AppError(400, 'unsafe_target', 'target must be an https URL in production');
  try {
    await assertPublicHost(url.hostname);
  } catch (error) {
    if (error instanceof UnsafeTargetError)
      throw new AppError(400, 'unsafe_target', `target refused: ${error.message}`);
    throw error;
  }
}

export async function createChannel(
  deps: AppDeps,
  workspaceId: string,
  body: CreateChannelBody,
  now: Date,
): Promise<CreatedChannel> {
  await assertSafeTarget(deps, body.type, body.target);
  const signingSecret = body.type === 'webhook' ? `whsec_${randomBytes(24).toString('base64url')}` : null;
  const encrypted = encryptSecret(
    deps.integration.keyring,
    JSON.stringify({ target: body.target, signingSecret }),
    channelVaultContext(workspaceId),
  );
  const [row] = await queryRows(
    deps.db,
    ChannelRow,
    sql`INSERT INTO notification_channels (workspace_id, type, name, target_masked, target_key_id, target_iv,
          target_auth_tag, target_ciphertext, created_at, updated_at)
        VALUES (${workspaceId}, ${body.type}, ${body.name}, ${maskTarget(body.type, body.target)}, ${encrypted.keyId},
          ${encrypted.iv}, ${encrypted.authTag}, ${encrypted.ciphertext}, ${now.toISOString()}, ${now.toISOString()})
        RETURNING *`,
  );
  if (!row) throw new Error('channel insert returned no row');
  return { ...present(row), signingSecret };
}

export async function listChannels(deps: AppDeps, workspaceId: string): Promise<Channel[]> {
  const rows = await queryRows(
    deps.db,
    ChannelRow,
    sql`SELECT * FROM notification_channels WHERE workspace_id = ${workspaceId} ORDER BY created_at, id`,
  );
  return rows.map(present);
}

/** The channel with its target decrypted; 404 when it is not the workspace's. */
export async function loadChannelTarget(
  deps: AppDeps,
  workspaceId: string,
  id: string,
): Promise<ChannelTarget> {
  const [row] = await queryRows(
    deps.db,
    ChannelRow,
    sql`SELECT * FROM notification_channels WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
  if (!row) throw notFound('No such notification channel.');
  const plain = JSON.parse(
    decryptSecret(
      deps.integration.keyring,
      {
        keyId: row.target_key_id,
        iv: row.target_iv,
        authTag: row.target_auth_tag,
        ciphertext: row.target_ciphertext,
      },
      channelVaultContext(workspaceId),
    ),
  ) as { target: string; signingSecret: string | null };
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    target: plain.target,
    signingSecret: plain.signingSecret,
  };
}

const DeleteChannelRow = z.object({ id: z.string() });

export async function deleteChannel(deps: AppDeps, workspaceId: string, id: string): Promise<void> {
  const deleted = await queryRows(
    deps.db,
    DeleteChannelRow,
    sql`DELETE FROM notification_channels WHERE workspace_id = ${workspaceId} AND id = ${id} RETURNING id`,
  );
  if (deleted.length === 0) throw notFound('No such notification channel.');
}

/** Turns a channel's digests off (its one-click unsubscribe link); a channel of another workspace is left alone. */
export async function turnOffChannelDigests(
  db: Db,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE notification_channels SET digests = false, updated_at = ${now.toISOString()}
        WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
}
