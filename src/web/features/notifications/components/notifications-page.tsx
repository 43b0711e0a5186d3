import {
  CHANNEL_TYPES,
  type ChannelType,
  type NotificationSettings,
  THRESHOLD_METRIC_LABELS,
  THRESHOLD_METRICS,
  type ThresholdMetric,
} from '@shared/contracts/notifications.ts';
import { LOW_STOCK_COVER_DAYS } from '@shared/metrics.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { type FormEvent, useState } from 'react';
import {
  useAlertRules,
  useChannels,
  useCreateChannel,
  useCreateRule,
  useDeleteChannel,
  useDeleteRule,
  useNotificationSettings,
  useSaveSettings,
  useTestChannel,
  useTestDigest,
} from '../api/use-notifications.ts';
import { DemoSlack } from './demo-slack.tsx';
import { AlertHistory, CaughtMail, DeliveryHistory, DeliveryStatus } from './notification-history.tsx';

const selectClass = 'h-9 rounded-md border border-slate-700 bg-slate-900 px-2 text-sm text-slate-100';
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const TARGET_HINT: Record<ChannelType, string> = {
  email: 'name@example.com',
  slack: 'https://hooks.slack.com/services/…',
  webhook: 'https://example.com/upside-hook',
};

function DigestCard() {
  const settings = useNotificationSettings();
  const save = useSaveSettings();
  const test = useTestDigest();
  const current = settings.data;
  const update = (patch: Partial<NotificationSettings>) => current && save.mutate({ ...current, ...patch });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Digests and quiet hours</CardTitle>
        <CardDescription>
          Yesterday's (or last week's) revenue, orders, AOV and contribution margin against the period before
          and the same weekdays last year, the top opportunities, open alerts and stock alerts — by e-mail, at
          your hour in the shop's time zone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.error ? (
          <p className="text-sm text-rose-300">
            {errorSentence(settings.error, 'Settings could not be loaded.')}
          </p>
        ) : null}
        {current ? (
          <div className="flex flex-wrap items-center gap-4 text-sm text-slate-200">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={current.dailyDigest}
                onChange={(e) => update({ dailyDigest: e.target.checked })}
              />
              Daily digest
            </label>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={current.weeklyDigest}
                onChange={(e) => update({ weeklyDigest: e.target.checked })}
              />
              Weekly digest (Mondays)
            </label>
            <label className="flex items-center gap-2">
              at
              <select
                className={selectClass}
                value={current.digestHour}
                onChange={(e) => update({ digestHour: Number(e.target.value) })}
                aria-label="Digest hour"
              >
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={current.emailAlerts}
                onChange={(e) => update({ emailAlerts: e.target.checked })}
              />
              Alerts to my e-mail
            </label>
            <label className="flex items-center gap-2">
              Quiet hours
              <select
                className={selectClass}
                aria-label="Quiet hours start"
                value={current.quietStart ?? ''}
                onChange={(e) =>
                  update(
                    e.target.value === ''
                      ? { quietStart: null, quietEnd: null }
                      : { quietStart: Number(e.target.value), quietEnd: current.quietEnd ?? 7 },
                  )
                }
              >
                <option value="">off</option>
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
              {current.quietStart !== null ? (
                <>
                  to
                  <select
                    className={selectClass}
                    aria-label="Quiet hours end"
                    value={current.quietEnd ?? 7}
                    onChange={(e) => update({ quietEnd: Number(e.target.value) })}
                  >
                    {HOURS.map((hour) => (
                      <option key={hour} value={hour}>
                        {hourLabel(hour)}
                      </option>
                    ))}
                  </select>
                </>
              ) : null}
            </label>
          </div>
        ) : (
          <p className="text-sm text-slate-400">{settings.isLoading ? 'Loading…' : null}</p>
        )}
        {save.error ? (
          <p className="text-sm text-rose-300">{errorSentence(save.error, 'Settings could not be saved.')}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => test.mutate('daily')} disabled={test.isPending}>
            Send test digest
          </Button>
          <Button variant="outline" onClick={() => test.mutate('weekly')} disabled={test.isPending}>
            Send weekly test
          </Button>
          {test.data ? (
            <span className="text-sm text-slate-300" role="status">
              To {test.data.delivery.recipient}: <DeliveryStatus delivery={test.data.delivery} />
            </span>
          ) : null}
          {test.error ? (
            <span className="text-sm text-rose-300">
              {errorSentence(test.error, 'The digest could not be sent.')}
            </span>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function ChannelsCard() {
  const channels = useChannels();
  const create = useCreateChannel();
  const remove = useDeleteChannel();
  const test = useTestChannel();
  const [type, setType] = useState<ChannelType>('email');
  const [target, setTarget] = useState('');
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { type, target, name },
      {
        onSuccess: () => {
          setTarget('');
          setName('');
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Channels</CardTitle>
        <CardDescription>
          Where alerts go (and digests, for e-mail addresses): an address, a Slack incoming webhook, or your
          own webhook (JSON signed with HMAC-SHA256 in <code>X-Upside-Signature</code>).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
          <div className="grid gap-1">
            <Label htmlFor="channel-type">Type</Label>
            <select
              id="channel-type"
              className={selectClass}
              value={type}
              onChange={(e) => setType(e.target.value as ChannelType)}
            >
              {CHANNEL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t === 'email' ? 'E-mail' : t === 'slack' ? 'Slack' : 'Webhook'}
                </option>
              ))}
            </select>
          </div>
          <div className="grid min-w-0 flex-1 gap-1">
            <Label htmlFor="channel-target">{type === 'email' ? 'Address' : 'URL'}</Label>
            <Input
              id="channel-target"
              value={target}
              required
              placeholder={TARGET_HINT[type]}
              onChange={(e) => setTarget(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="channel-name">Name</Label>
            <Input
              id="channel-name"
              value={name}
              required
              maxLength={100}
              placeholder="e.g. #shop-alerts"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            Add channel
          </Button>
        </form>
        {create.error ? (
          <p className="text-sm text-rose-300">
            {errorSentence(create.error, 'The channel could not be added.')}
          </p>
        ) : null}
        {create.data?.signingSecret ? (
          <div className="rounded-md border border-emerald-700 bg-emerald-950/40 p-3 text-sm" role="status">
            <p className="text-emerald-200">
              Signing secret of “{create.data.name}” — copy it now, it is not shown again:
            </p>
            <code className="mt-1 block break-all text-white">{create.data.signingSecret}</code>
          </div>
        ) : null}
        {(channels.data?.channels.length ?? 0) === 0 ? (
          <p className="text-sm text-slate-400">
            {channels.isLoading ? 'Loading…' : 'No channels yet: alerts go to your own e-mail.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-800">
            {channels.data?.channels.map((channel) => (
              <li key={channel.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-100">
                    {channel.name} <span className="text-xs text-slate-400">({channel.type})</span>
                  </p>
                  <p className="break-all text-xs text-slate-400">{channel.target}</p>
                  {test.data && test.variables === channel.id ? (
                    <DeliveryStatus delivery={test.data.delivery} />
                  ) : null}
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={test.isPending}
                    onClick={() => test.mutate(channel.id)}
                  >
                    Send test
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(channel.id)}
                    aria-label={`Delete ${channel.name}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {test.error ? (
          <p className="text-sm text-rose-300">{errorSentence(test.error, 'The test could not be sent.')}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RulesCard() {
  const rules = useAlertRules();
  const create = useCreateRule();
  const remove = useDeleteRule();
  const [metric, setMetric] = useState<ThresholdMetric>('revenue');
  const [comparator, setComparator] = useState<'above' | 'below'>('below');
  const [threshold, setThreshold] = useState('');
  const [windowDays, setWindowDays] = useState('1');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { metric, comparator, threshold, windowDays: Number(windowDays) },
      { onSuccess: () => setThreshold('') },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Alert rules</CardTitle>
        <CardDescription>
          Built in: a day's revenue, orders or AOV outside its 95 % interval, stock-outs within the{' '}
          {LOW_STOCK_COVER_DAYS}-day lead time, sources not synced for 3 × their interval or failing, an
          expired Meta token. Add your own thresholds:
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
          <select
            className={selectClass}
            aria-label="Metric"
            value={metric}
            onChange={(e) => setMetric(e.target.value as ThresholdMetric)}
          >
            {THRESHOLD_METRICS.map((m) => (
              <option key={m} value={m}>
                {THRESHOLD_METRIC_LABELS[m]}
              </option>
            ))}
          </select>
          <select
            className={selectClass}
            aria-label="Comparator"
            value={comparator}
            onChange={(e) => setComparator(e.target.value as 'above' | 'below')}
          >
            <option value="above">above</option>
            <option value="below">below</option>
          </select>
          <Input
            className="w-28"
            aria-label="Threshold"
            value={threshold}
            required
            placeholder="70"
            onChange={(e) => setThreshold(e.target.value)}
          />
          <label className="flex items-center gap-2 text-sm text-slate-200">
            over
            <Input
              className="w-16"
              aria-label="Window in days"
              type="number"
              min={1}
              max={90}
              value={windowDays}
              onChange={(e) => setWindowDays(e.target.value)}
            />
            days
          </label>
          <Button type="submit" disabled={create.isPending}>
            Add rule
          </Button>
        </form>
        {create.error ? (
          <p className="text-sm text-rose-300">
            {errorSentence(create.error, 'The rule could not be added.')}
          </p>
        ) : null}
        <ul className="divide-y divide-slate-800">
          {rules.data?.rules.map((rule) => (
            <li
              key={rule.id}
              className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm text-slate-200"
            >
              <span>
                {THRESHOLD_METRIC_LABELS[rule.metric]} {rule.comparator} {rule.threshold} over{' '}
                {rule.windowDays} day
                {rule.windowDays === 1 ? '' : 's'}
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => remove.mutate(rule.id)}
                disabled={remove.isPending}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** /settings/notifications (issue #14): digests, quiet hours, channels, rules, history, caught mail. */
export function NotificationsPage() {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-white">Notifications</h1>
        <p className="mt-1 text-slate-300">Digests and alerts by e-mail, Slack and webhook.</p>
      </div>
      <DigestCard />
      <CaughtMail />
      <DemoSlack />
      <ChannelsCard />
      <RulesCard />
      <AlertHistory />
      <DeliveryHistory />
    </div>
  );
}
