import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { PermanentJobError } from '../../jobs/job-error.ts';
import { mailTransporter } from '../mail/mail-transport.ts';
import { UnsafeTargetError } from '../outbound/ssrf-guard.ts';
import { loadChannelTarget } from './channels.ts';
import { postJson } from './post-json.ts';

/** What a delivery row keeps, by kind: rendered once, sent as is on every attempt. */
export const EmailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  unsubscribeUrl: z.string().nullable(),
});
export const SlackMessageSchema = z.object({
  text: z.string(),
  blocks: z.array(z.record(z.string(), z.unknown())),
});
export const WebhookMessageSchema = z.object({ event: z.record(z.string(), z.unknown()) });

export interface DeliveryToSend {
  id: string;
  workspaceId: string;
  kind: 'email' | 'slack' | 'webhook';
  channelId: string | null;
  message: unknown;
}

const TIMEOUT_MS = 15_000;

/** An answer no retry changes (4xx other than 408/429): permanent. */
const permanentStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

function mailDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'upside.local';
}

async function sendEmail(deps: AppDeps, delivery: DeliveryToSend): Promise<void> {
  const message = EmailMessageSchema.parse(delivery.message);
  const transporter = await mailTransporter(deps);
  try {
    await transporter.sendMail({
      from: deps.env.mail.from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      // The same id on every attempt: a client that got a message twice (a crash between the
      // server's acceptance and our record) shows it once (decision 028).
      messageId: `<${delivery.id}@${mailDomain(deps.env.mail.from)}>`,
      ...(message.unsubscribeUrl
        ? {
            list: { unsubscribe: message.unsubscribeUrl },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    });
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    const text = error instanceof Error ? error.message : String(error);
    // 5xx: the server refused this message for good; 4xx and network errors are worth retrying.
    if (code !== undefined && code >= 500)
      throw new PermanentJobError(`mail server refused the message: ${text}`);
    throw new Error(`mail not sent: ${text}`);
  }
}

async function post(deps: AppDeps, target: string, body: string, headers: Record<string, string>) {
  try {
    return await postJson(target, body, headers, {
      publicOnly: deps.env.nodeEnv === 'production',
      timeoutMs: TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof UnsafeTargetError) throw new PermanentJobError(`target refused: ${error.message}`);
    throw new Error(`could not reach the target: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function sendSlack(deps: AppDeps, delivery: DeliveryToSend, target: string): Promise<void> {
  const message = SlackMessageSchema.parse(delivery.message);
  const answer = await post(deps, target, JSON.stringify(message), {});
  if (answer.status >= 200 && answer.status < 300) return;
  const reason = `Slack answered ${answer.status} ${answer.body.trim().slice(0, 200)}`;
  if (permanentStatus(answer.status)) throw new PermanentJobError(reason);
  throw new Error(reason);
}

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`, the X-Upside-Signature header. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

async function sendWebhook(
  deps: AppDeps,
  delivery: DeliveryToSend,
  target: string,
  secret: string,
): Promise<void> {
  const message = WebhookMessageSchema.parse(delivery.message);
  const body = JSON.stringify({ id: delivery.id, ...message.event });
  const timestamp = String(Math.floor(deps.clock().getTime() / 1000));
  const answer = await post(deps, target, body, {
    'x-upside-delivery': delivery.id,
    'x-upside-timestamp': timestamp,
    'x-upside-signature': signWebhook(secret, timestamp, body),
  });
  if (answer.status >= 200 && answer.status < 300) return;
  const reason = `webhook answered ${answer.status} ${answer.body.trim().slice(0, 200)}`;
  if (permanentStatus(answer.status)) throw new PermanentJobError(reason);
  throw new Error(reason);
}

/** Sends one delivery's kept message; throws PermanentJobError when a retry cannot help. */
export async function sendDeliveryMessage(deps: AppDeps, delivery: DeliveryToSend): Promise<void> {
  if (delivery.kind === 'email') return sendEmail(deps, delivery);
  if (!delivery.channelId) throw new PermanentJobError('the channel was deleted');
  const channel = await loadChannelTarget(deps, delivery.workspaceId, delivery.channelId).catch(() => {
    throw new PermanentJobError('the channel was deleted');
  });
  if (channel.type === 'slack') return sendSlack(deps, delivery, channel.target);
  return sendWebhook(deps, delivery, channel.target, channel.signingSecret ?? '');
}
