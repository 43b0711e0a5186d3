import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A Slack incoming-webhook emulator (issue #14): answers like hooks.slack.com — `200 ok`, `400
 * invalid_payload` (not JSON, or neither text nor blocks), `400 invalid_blocks` (a block Slack would
 * refuse), `404 no_service` (an unknown or revoked webhook) — and keeps every accepted message.
 */

const BLOCK_TYPES = new Set(['section', 'header', 'divider', 'actions', 'context', 'image', 'rich_text']);
const TEXT_LIMIT: Record<string, number> = { header: 150, section: 3000 };

export interface SlackMessageReceived {
  path: string;
  text: string | undefined;
  blocks: unknown[];
  receivedAt: string;
}

export interface SlackWebhookEmulator {
  baseUrl: string;
  /** The one webhook URL this emulator serves. */
  webhookUrl: string;
  received: SlackMessageReceived[];
  close(): Promise<void>;
}

/** Why Slack would refuse these blocks, or null when it would take them. */
export function invalidBlocksReason(blocks: unknown): string | null {
  if (!Array.isArray(blocks) || blocks.length > 50) return 'blocks must be an array of at most 50 blocks';
  for (const [index, block] of blocks.entries()) {
    if (typeof block !== 'object' || block === null) return `block ${index} is not an object`;
    const { type, text } = block as { type?: unknown; text?: { type?: unknown; text?: unknown } };
    if (typeof type !== 'string' || !BLOCK_TYPES.has(type)) return `block ${index} has an unknown type`;
    const limit = TEXT_LIMIT[type];
    if (limit === undefined) continue;
    if (!text || typeof text.text !== 'string' || (text.type !== 'plain_text' && text.type !== 'mrkdwn'))
      return `block ${index} (${type}) needs a text object`;
    if (type === 'header' && text.type !== 'plain_text')
      return `block ${index} (header) text must be plain_text`;
    if (text.text.length > limit) return `block ${index} (${type}) text is longer than ${limit}`;
  }
  return null;
}

export async function startSlackWebhookEmulator(
  options: { host?: string; port?: number } = {},
): Promise<SlackWebhookEmulator> {
  const path = `/services/T0UPSIDE/B0DEMO/${randomBytes(12).toString('hex')}`;
  const received: SlackMessageReceived[] = [];
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/services/*', async (request, reply) => {
    if (request.url !== path) return reply.status(404).type('text/plain').send('no_service');
    let payload: { text?: unknown; blocks?: unknown };
    try {
      payload = JSON.parse(String(request.body ?? '')) as typeof payload;
    } catch {
      return reply.status(400).type('text/plain').send('invalid_payload');
    }
    if (
      typeof payload !== 'object' ||
      payload === null ||
      (payload.text === undefined && payload.blocks === undefined)
    )
      return reply.status(400).type('text/plain').send('invalid_payload');
    if (payload.blocks !== undefined && invalidBlocksReason(payload.blocks))
      return reply.status(400).type('text/plain').send('invalid_blocks');
    received.push({
      path: request.url,
      text: typeof payload.text === 'string' ? payload.text : undefined,
      blocks: Array.isArray(payload.blocks) ? payload.blocks : [],
      receivedAt: new Date().toISOString(),
    });
    return reply.type('text/plain').send('ok');
  });
  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { baseUrl: address, webhookUrl: `${address}${path}`, received, close: () => app.close() };
}
