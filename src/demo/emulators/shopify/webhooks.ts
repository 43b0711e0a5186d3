/**
 * Webhooks of the Shopify emulator: the subscriptions of the Admin GraphQL API
 * (`webhookSubscriptionCreate`, `webhookSubscriptions`, `webhookSubscriptionDelete`, in Shopify's
 * shapes) and deliveries the way Shopify makes them (decision 030): a JSON POST with
 * `X-Shopify-Topic`, `X-Shopify-Shop-Domain`, `X-Shopify-Hmac-Sha256` (base64 HMAC-SHA256 of the
 * body under the app's client secret), `X-Shopify-Event-Id` (one per event, kept across retries and
 * duplicates), `X-Shopify-Webhook-Id`, `X-Shopify-Triggered-At` and `X-Shopify-API-Version`;
 * retried with backoff on any non-2xx answer or network error; occasionally delivered twice or
 * late (out of order). Faults to inject per attempt: a signature under the wrong secret, a body cut
 * short (correctly signed, so only its JSON is wrong).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { formatUtc } from '../../calendar.ts';

interface SubscriptionRecord {
  legacyId: number;
  topic: string;
  callbackUrl: string;
  format: 'JSON' | 'XML';
  createdAtMs: number;
}

interface UserError {
  field: string[] | null;
  message: string;
}

const SUBSCRIPTION_BASE = 1_400_000_000;

function subscriptionView(record: SubscriptionRecord) {
  return {
    __typename: 'WebhookSubscription',
    id: `gid://shopify/WebhookSubscription/${record.legacyId}`,
    legacyResourceId: String(record.legacyId),
    topic: record.topic,
    format: record.format,
    uri: record.callbackUrl,
    callbackUrl: record.callbackUrl,
    endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: record.callbackUrl },
    includeFields: [],
    metafieldNamespaces: [],
    createdAt: formatUtc(record.createdAtMs),
    updatedAt: formatUtc(record.createdAtMs),
  };
}

/** The shop's webhook subscriptions (one app, so one list). */
export class WebhookSubscriptions {
  private readonly records: SubscriptionRecord[] = [];
  private next = 1;

  constructor(private readonly now: () => number) {}

  create(
    topic: string,
    input: { uri?: string | null; callbackUrl?: string | null; format?: string | null },
  ): { webhookSubscription: ReturnType<typeof subscriptionView> | null; userErrors: UserError[] } {
    // `uri` is the unified field since 2025-10; `callbackUrl` is its deprecated HTTPS-only form.
    const field = input.uri != null ? 'uri' : 'callbackUrl';
    const callbackUrl = input.uri ?? input.callbackUrl ?? '';
    const url = URL.parse(callbackUrl);
    if (!url || !['http:', 'https:'].includes(url.protocol)) {
      return {
        webhookSubscription: null,
        userErrors: [{ field: ['webhookSubscription', field], message: 'Address is invalid' }],
      };
    }
    if (this.records.some((record) => record.topic === topic && record.callbackUrl === callbackUrl)) {
      return {
        webhookSubscription: null,
        userErrors: [
          {
            field: ['webhookSubscription', field],
            message: 'Address for this topic has already been taken',
          },
        ],
      };
    }
    const record: SubscriptionRecord = {
      legacyId: SUBSCRIPTION_BASE + this.next++,
      topic,
      callbackUrl,
      format: input.format === 'XML' ? 'XML' : 'JSON',
      createdAtMs: this.now(),
    };
    this.records.push(record);
    return { webhookSubscription: subscriptionView(record), userErrors: [] };
  }

  delete(id: string): { deletedWebhookSubscriptionId: string | null; userErrors: UserError[] } {
    const legacy = Number(/WebhookSubscription\/(\d+)$/.exec(id)?.[1]);
    const index = this.records.findIndex((record) => record.legacyId === legacy);
    if (index < 0) {
      return {
        deletedWebhookSubscriptionId: null,
        userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
      };
    }
    this.records.splice(index, 1);
    return { deletedWebhookSubscriptionId: id, userErrors: [] };
  }

  /** `webhookSubscriptions(first, after, topics, uri | callbackUrl)` as a connection (cursor = legacy id). */
  connection(args: {
    first?: number | null;
    after?: string | null;
    topics?: string[] | null;
    uri?: string | null;
    callbackUrl?: string | null;
  }) {
    const address = args.uri ?? args.callbackUrl;
    const after = args.after ? Number(Buffer.from(args.after, 'base64').toString('utf8')) : 0;
    const matching = this.records.filter(
      (record) =>
        record.legacyId > after &&
        (!args.topics || args.topics.length === 0 || args.topics.includes(record.topic)) &&
        (!address || record.callbackUrl === address),
    );
    const first = Math.min(args.first ?? 50, 250);
    const page = matching.slice(0, first);
    const cursor = (record: SubscriptionRecord) => Buffer.from(String(record.legacyId)).toString('base64');
    return {
      edges: page.map((record) => ({ cursor: cursor(record), node: subscriptionView(record) })),
      nodes: page.map(subscriptionView),
      pageInfo: {
        hasNextPage: matching.length > page.length,
        hasPreviousPage: after > 0,
        startCursor: page[0] ? cursor(page[0]) : null,
        endCursor: page.at(-1) ? cursor(page.at(-1)!) : null,
      },
    };
  }

  /** Callback URLs subscribed to `topic` (GraphQL enum name, e.g. ORDERS_CREATE). */
  callbacksFor(topic: string): string[] {
    return this.records.filter((record) => record.topic === topic).map((record) => record.callbackUrl);
  }

  get size(): number {
    return this.records.length;
  }
}

export interface DeliverySettings {
  /** Share of events never delivered (a fault to inject: the periodic sync must bring them in). */
  dropRate: number;
  /** Share of deliveries sent a second time (same event id). */
  duplicateRate: number;
  /** Share of deliveries held back so later events overtake them. */
  lateRate: number;
  /** Share of attempts signed with a wrong secret (a fault: the receiver must refuse them, 401). */
  badSignatureRate: number;
  /** Share of attempts whose body is cut short but signed (a fault: the receiver must refuse them, 400). */
  malformedRate: number;
  /** How long a late delivery is held (ms). */
  lateDelayMs: number;
  /** Waits before each retry of a failed delivery; Shopify's span several hours. */
  retryDelaysMs: readonly number[];
  /** Shopify waits 5 s for the answer. */
  timeoutMs: number;
}

/** Shopify's schedule stretched over hours: 10 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h. */
export const SHOPIFY_RETRY_DELAYS_MS = [
  10_000, 30_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000,
];

export const DEFAULT_DELIVERY: DeliverySettings = {
  dropRate: 0,
  duplicateRate: 0.05,
  lateRate: 0.05,
  badSignatureRate: 0,
  malformedRate: 0,
  lateDelayMs: 1_500,
  retryDelaysMs: SHOPIFY_RETRY_DELAYS_MS,
  timeoutMs: 5_000,
};

export interface DeliveryStats {
  events: number;
  /** Events dropped by the `dropRate` fault (never sent). */
  dropped: number;
  attempts: number;
  delivered: number;
  failedAttempts: number;
  duplicates: number;
  late: number;
  /** Deliveries that gave up after the last retry. */
  abandoned: number;
  /** Attempts per answer: the HTTP status, or 'network' for no answer. */
  answers: Record<string, number>;
}

/** Sends events to every subscription of their topic, with Shopify's retries, duplicates and lateness. */
export class WebhookSender {
  settings: DeliverySettings;
  readonly stats: DeliveryStats = {
    events: 0,
    dropped: 0,
    attempts: 0,
    delivered: 0,
    failedAttempts: 0,
    duplicates: 0,
    late: 0,
    abandoned: 0,
    answers: {},
  };
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly subscriptions: WebhookSubscriptions,
    private readonly options: {
      shopDomain: string;
      secret: string;
      apiVersion: string;
      random: () => number;
    },
    settings: Partial<DeliverySettings> = {},
  ) {
    this.settings = { ...DEFAULT_DELIVERY, ...settings };
  }

  /** One event (REST topic name, e.g. 'orders/create') to every subscription of its topic. */
  send(topic: string, payload: unknown): string {
    const eventId = randomUUID();
    const body = JSON.stringify(payload);
    const graphqlTopic = topic.replace('/', '_').toUpperCase();
    const triggeredAt = new Date().toISOString();
    this.stats.events += 1;
    if (this.settings.dropRate > 0 && this.options.random() < this.settings.dropRate) {
      this.stats.dropped += 1;
      return eventId;
    }
    for (const callbackUrl of this.subscriptions.callbacksFor(graphqlTopic)) {
      const delivery = { topic, body, eventId, webhookId: randomUUID(), triggeredAt, callbackUrl };
      const late = this.options.random() < this.settings.lateRate;
      if (late) this.stats.late += 1;
      this.schedule(late ? this.settings.lateDelayMs : 0, () => this.attempt(delivery, 0));
      if (this.options.random() < this.settings.duplicateRate) {
        this.stats.duplicates += 1;
        this.schedule(Math.floor(this.options.random() * this.settings.lateDelayMs), () =>
          this.attempt({ ...delivery, webhookId: randomUUID() }, 0),
        );
      }
    }
    return eventId;
  }

  /** Resolves when no delivery is in flight or waiting (retries included). */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.timers.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.settle();
  }

  private schedule(delayMs: number, run: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.inFlight += 1;
      void run().finally(() => {
        this.inFlight -= 1;
        this.settle();
      });
    }, delayMs);
    this.timers.add(timer);
  }

  private settle(): void {
    if (this.inFlight > 0 || this.timers.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async attempt(
    delivery: {
      topic: string;
      body: string;
      eventId: string;
      webhookId: string;
      triggeredAt: string;
      callbackUrl: string;
    },
    retry: number,
  ): Promise<void> {
    this.stats.attempts += 1;
    const body =
      this.settings.malformedRate > 0 && this.options.random() < this.settings.malformedRate
        ? delivery.body.slice(0, Math.floor(delivery.body.length / 2))
        : delivery.body;
    const secret =
      this.settings.badSignatureRate > 0 && this.options.random() < this.settings.badSignatureRate
        ? `${this.options.secret}-wrong`
        : this.options.secret;
    let ok = false;
    let answer = 'network';
    try {
      const response = await fetch(delivery.callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': delivery.topic,
          'x-shopify-shop-domain': this.options.shopDomain,
          'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
          'x-shopify-event-id': delivery.eventId,
          'x-shopify-webhook-id': delivery.webhookId,
          'x-shopify-triggered-at': delivery.triggeredAt,
          'x-shopify-api-version': this.options.apiVersion,
        },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      await response.arrayBuffer();
      ok = response.ok;
      answer = String(response.status);
    } catch {
      ok = false;
    }
    this.stats.answers[answer] = (this.stats.answers[answer] ?? 0) + 1;
    if (ok) {
      this.stats.delivered += 1;
      return;
    }
    this.stats.failedAttempts += 1;
    const wait = this.settings.retryDelaysMs[retry];
    if (wait === undefined) {
      this.stats.abandoned += 1;
      return;
    }
    this.schedule(wait, () => this.attempt(delivery, retry + 1));
  }
}
