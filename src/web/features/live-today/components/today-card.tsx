import type { DashboardToday } from '@shared/contracts/webhooks.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { formatMoney } from '@web/lib/money.ts';
import { useDemoLive, useToday, useToggleDemoLive } from '../api/today-queries.ts';

/** "+12.5 %" of `now` against `then` (decimal strings or counts); null when `then` is zero. */
export function changeAgainst(now: number, then: number): string | null {
  if (then === 0) return null;
  const percent = ((now - then) / Math.abs(then)) * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %`;
}

function Comparison({ now, then, label }: { now: number; then: number; label: string }) {
  const change = changeAgainst(now, then);
  if (change === null) return <p className="text-xs text-slate-400">{label}</p>;
  return (
    <p className="text-xs text-slate-400">
      <span className={now >= then ? 'text-emerald-300' : 'text-red-300'}>{change}</span> vs {label}
    </p>
  );
}

function LiveSwitch() {
  const live = useDemoLive();
  const toggle = useToggleDemoLive();
  if (!live.data) return null;
  const on = live.data.enabled;
  return (
    <div className="flex flex-col items-end gap-1">
      <label className="flex items-center gap-2 text-sm text-slate-300">
        <span>Simulate live orders</span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          data-testid="simulate-live-orders"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate(!on)}
          className={`relative h-6 w-11 rounded-full transition-colors ${on ? 'bg-emerald-500' : 'bg-slate-600'}`}
        >
          <span
            className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white transition-transform ${on ? 'translate-x-5' : ''}`}
          />
        </button>
      </label>
      {toggle.isError ? (
        <p className="text-xs text-red-300">
          {errorSentence(toggle.error, 'Live orders could not be switched.')}
        </p>
      ) : null}
      {live.data.mode === 'polling' && live.data.modeReason ? (
        <p className="max-w-xs text-right text-xs text-amber-300">{live.data.modeReason}</p>
      ) : null}
    </div>
  );
}

/** What the card's net sales contain (decision 088, Shopify's definition). */
const NET_SALES_HINT =
  'Net sales = product sales (price × quantity) − discounts − returns; without shipping and taxes (Shopify’s definition). The same figure /profit shows for today.';

function Figures({ data }: { data: DashboardToday }) {
  const currency = data.currency ?? 'USD';
  const lastWeek = data.lastWeek;
  const label = lastWeek
    ? `order totals vs same time last week (${formatMoney(lastWeek.revenue, currency)}, ${lastWeek.orders} orders)`
    : '';
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <div data-testid="today-revenue">
        <p className="text-sm text-slate-300" title={NET_SALES_HINT}>
          Net sales
        </p>
        <p className="text-2xl font-bold text-white" title={NET_SALES_HINT}>
          {data.netSales === null ? '—' : formatMoney(data.netSales, currency)}
        </p>
        <p className="text-xs text-slate-400">
          Order totals (tax and shipping included, minus refunds): {formatMoney(data.revenue, currency)}
        </p>
        {lastWeek ? (
          <Comparison now={Number(data.revenue)} then={Number(lastWeek.revenue)} label={label} />
        ) : null}
      </div>
      <div data-testid="today-orders">
        <p className="text-sm text-slate-300">Orders</p>
        <p className="text-2xl font-bold text-white">{data.orders.toLocaleString('en-US')}</p>
        {lastWeek ? (
          <Comparison now={data.orders} then={lastWeek.orders} label="same time last week" />
        ) : null}
      </div>
      <div data-testid="today-margin">
        <p className="text-sm text-slate-300">Contribution margin</p>
        <p className="text-2xl font-bold text-white">
          {data.contributionMargin === null ? '—' : formatMoney(data.contributionMargin, currency)}
        </p>
        <p className="text-xs text-slate-400">
          As on /profit for today: net sales and shipping charged − cost of goods, shipping cost, payment fees
          and ad spend.
        </p>
      </div>
    </div>
  );
}

/** The Dashboard's "Today" card: the shop's day so far, refreshed every few seconds. */
export function TodayCard() {
  const today = useToday();
  const data = today.data;
  return (
    <Card data-testid="today-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 pb-2">
        <div>
          <CardTitle className="text-base text-white">
            Today{data?.date ? ` · ${data.date}` : ''}{' '}
            <span className="text-xs font-normal text-amber-300">(so far: a partial day)</span>
          </CardTitle>
          <CardDescription data-testid="today-mode">
            {data
              ? data.mode === 'webhooks'
                ? `Live: orders arrive by Shopify webhooks within seconds.${data.lastOrderAt ? ` Last order ${new Date(data.lastOrderAt).toLocaleTimeString()}.` : ''}`
                : (data.modeReason ?? 'Updated by the scheduled sync.')
              : 'Loading today’s figures…'}
          </CardDescription>
        </div>
        <LiveSwitch />
      </CardHeader>
      <CardContent>
        {today.isError ? <ReadError error={today.error} /> : null}
        {data && data.date === null ? (
          <p className="text-sm text-slate-400">Connect your Shopify store to see today’s orders here.</p>
        ) : null}
        {data?.date ? <Figures data={data} /> : null}
      </CardContent>
    </Card>
  );
}
