import { z } from 'zod';

/**
 * Alerts and scheduled digests (issue #14): where notifications go (channels), what the owner
 * gets (digests, alert rules, quiet hours), and the history of every alert and message.
 */

export const CHANNEL_TYPES = ['email', 'slack', 'webhook'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]{2,}$/;

/** True for an e-mail address we can send to (one address, no display name). */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}

/** The reason a channel target is not acceptable for its type, or null when it is. */
export function channelTargetProblem(type: ChannelType, target: string): string | null {
  if (type === 'email') return isEmailAddress(target) ? null : 'target must be an e-mail address';
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return `target must be a URL (${type === 'slack' ? 'a Slack incoming webhook' : 'http or https'})`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'target must be an http or https URL';
  if (url.username || url.password) return 'target must not contain a user name or password';
  if (type === 'slack' && url.hostname === 'hooks.slack.com' && !url.pathname.startsWith('/services/'))
    return 'target must be a Slack incoming webhook URL (https://hooks.slack.com/services/…)';
  return null;
}

export const CreateChannelBodySchema = z
  .object({
    type: z.enum(CHANNEL_TYPES, 'type must be email, slack or webhook'),
    target: z.string().trim().min(1, 'target is required').max(2000, 'target is at most 2000 characters'),
    name: z.string().trim().min(1, 'name is required').max(100, 'name is at most 100 characters'),
  })
  .superRefine((body, context) => {
    const problem = channelTargetProblem(body.type, body.target);
    if (problem) context.addIssue({ code: 'custom', path: ['target'], message: problem });
  });
export type CreateChannelBody = z.infer<typeof CreateChannelBodySchema>;

export const ChannelSchema = z.object({
  id: z.uuid(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  /** The address, or the URL with its secret part masked. */
  target: z.string(),
  /** E-mail channels: also receive the daily/weekly digests. */
  digests: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Channel = z.infer<typeof ChannelSchema>;

export const CreatedChannelSchema = ChannelSchema.extend({
  /** Webhooks only, shown once: the key of the `X-Upside-Signature` HMAC-SHA256. */
  signingSecret: z.string().nullable(),
});
export type CreatedChannel = z.infer<typeof CreatedChannelSchema>;

export const ChannelListSchema = z.object({ channels: z.array(ChannelSchema) });

export const ChannelParamsSchema = z.object({ id: z.uuid('id must be a channel id') });

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

export const DeliverySchema = z.object({
  id: z.uuid(),
  /** 'digest:daily', 'alert:<id>:opened', 'test:…' */
  source: z.string(),
  period: z.string(),
  /** The e-mail address, or the channel's name. */
  recipient: z.string(),
  kind: z.enum(CHANNEL_TYPES),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** Why the last attempt failed (kept after a later success is not: null then). */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryListSchema = z.object({ deliveries: z.array(DeliverySchema) });

export const DIGEST_PERIODS = ['daily', 'weekly'] as const;
export type DigestPeriod = (typeof DIGEST_PERIODS)[number];

/** Optional: a POST with no body sends the daily digest. */
export const DigestTestBodySchema = z.object({
  period: z.enum(DIGEST_PERIODS, 'period must be daily or weekly').default('daily'),
});

/** A "Send test" answer: the delivery, tried once at once (a failed try is retried by the queue). */
export const SendResultSchema = z.object({ delivery: DeliverySchema });

export const ALERT_STATUSES = ['open', 'resolved'] as const;

export const AlertSchema = z.object({
  id: z.uuid(),
  /** 'forecast:revenue', 'stockout', 'ad-spend-out-of-stock', 'source-stale', 'meta-token', 'rule:<id>' */
  rule: z.string(),
  subject: z.string(),
  title: z.string(),
  detail: z.string(),
  /** The page that explains it (a path of the app). */
  link: z.string(),
  status: z.enum(ALERT_STATUSES),
  openedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  deliveries: z.array(DeliverySchema),
});
export type Alert = z.infer<typeof AlertSchema>;

/** A built-in anomaly rule the latest evaluation could not judge (too little history). */
export const AlertNoteSchema = z.object({ rule: z.string(), subject: z.string(), note: z.string() });
export type AlertNote = z.infer<typeof AlertNoteSchema>;

export const AlertListSchema = z.object({
  alerts: z.array(AlertSchema),
  /** Added to the spec's shape: rules not judged at the latest evaluation, and why. */
  notes: z.array(AlertNoteSchema),
});
export type AlertList = z.infer<typeof AlertListSchema>;

const Hour = z.number().int().min(0, 'hours are 0–23').max(23, 'hours are 0–23');

export const NotificationSettingsSchema = z.object({
  dailyDigest: z.boolean(),
  weeklyDigest: z.boolean(),
  /** Local hour in the shop time zone at which digests are sent. */
  digestHour: Hour,
  /** Alerts by e-mail to the user's own address (channels get them regardless). */
  emailAlerts: z.boolean(),
  /** No alert messages from quietStart to quietEnd (shop time; both or neither). */
  quietStart: Hour.nullable(),
  quietEnd: Hour.nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsBodySchema = NotificationSettingsSchema.superRefine((body, context) => {
  if ((body.quietStart === null) !== (body.quietEnd === null))
    context.addIssue({ code: 'custom', path: ['quietEnd'], message: 'quiet hours need a start and an end' });
});

export const THRESHOLD_METRICS = [
  'revenue',
  'orders',
  'aov',
  'contributionMargin',
  'netProfit',
  'adSpend',
  'cac',
] as const;
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];

/** What each threshold metric is called, in the alert texts and on the settings page. */
export const THRESHOLD_METRIC_LABELS: Record<ThresholdMetric, string> = {
  revenue: 'Revenue',
  orders: 'Orders',
  aov: 'Average order value',
  contributionMargin: 'Contribution margin',
  netProfit: 'Net profit',
  adSpend: 'Ad spend',
  cac: 'Customer acquisition cost',
};

export const AlertRuleSchema = z.object({
  id: z.uuid(),
  metric: z.enum(THRESHOLD_METRICS),
  comparator: z.enum(['above', 'below']),
  /** Money as a decimal string in the shop currency; orders as a whole number. */
  threshold: z.string(),
  windowDays: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;

export const CreateAlertRuleBodySchema = z.object({
  metric: z.enum(THRESHOLD_METRICS, `metric must be one of ${THRESHOLD_METRICS.join(', ')}`),
  comparator: z.enum(['above', 'below'], 'comparator must be above or below'),
  threshold: z
    .string()
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,4})?$/, 'threshold must be a number like 70 or 70.50'),
  windowDays: z.number().int().min(1, 'windowDays is 1–90').max(90, 'windowDays is 1–90'),
});

export const AlertRuleListSchema = z.object({ rules: z.array(AlertRuleSchema) });
export const AlertRuleParamsSchema = z.object({ id: z.uuid('id must be a rule id') });

export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1, 'token is required').max(500) });

/** A message the demo mail catcher received (demo/development with no SMTP_URL). */
export const CaughtMailSchema = z.object({
  id: z.string(),
  receivedAt: z.iso.datetime(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});
export type CaughtMail = z.infer<typeof CaughtMailSchema>;
export const CaughtMailListSchema = z.object({ enabled: z.boolean(), messages: z.array(CaughtMailSchema) });

/** Demo mode: the Slack webhook emulator's URL (null outside demo mode) and what it received, newest first. */
export const DemoSlackSchema = z.object({
  webhookUrl: z.string().nullable(),
  messages: z.array(z.object({ text: z.string().nullable(), receivedAt: z.iso.datetime() })),
});
