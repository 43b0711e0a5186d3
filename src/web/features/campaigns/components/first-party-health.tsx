import type { FirstPartyGrade, UnjoinedReason } from '@shared/contracts/first-party.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { cn } from '@web/lib/cn.ts';
import { useFirstPartyHealth } from '../api/first-party-queries.ts';
import { FirstPartyDailyChart } from './first-party-daily-chart.tsx';

const GRADE_STYLE: Record<FirstPartyGrade, string> = {
  good: 'bg-emerald-900/60 text-emerald-200',
  fair: 'bg-amber-900/60 text-amber-200',
  poor: 'bg-red-900/60 text-red-200',
};
const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/** Why orders have no journey (issue 40), as the card words it. */
const UNJOINED_LABEL: Record<UnjoinedReason, string> = {
  no_consent: 'no analytics consent or pixel blocked (estimated)',
  unmatched: 'placed with consent, no session found',
  pos_or_draft: 'POS or draft orders',
  no_journey: 'Shopify pixel not installed, no session found',
};

/**
 * First-party attribution health (issue 16): the share of orders our own tracker's sessions
 * explain, graded (≥ 90 % good, ≥ 80 % fair, else poor) with the likely causes, the rate per
 * channel and per day, over the page's period; the joined share of online orders and why the rest
 * is unjoined (issue 40). Hidden until the store has orders; while a join is queued or running it
 * says so instead of listing causes (the rate is of the orders joined so far).
 */
export function FirstPartyHealthCard({ period }: { period: '7' | '30' | '90' }) {
  const { data } = useFirstPartyHealth(period);
  if (!data || data.orders === 0) return null;
  return (
    <Card data-testid="first-party-health">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          First-party attribution rate
          <Badge className={cn('capitalize', GRADE_STYLE[data.grade])} data-testid="first-party-grade">
            {data.grade}
          </Badge>
        </CardTitle>
        <CardDescription>
          Orders joined to a session of your own tracker, {data.from} – {data.to}: ≥ 90 % good, ≥ 80 % fair
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {data.updating ? (
          <p className="text-sky-200" data-testid="first-party-updating">
            Updating: orders are being joined to their journeys. These figures count the orders joined so far
            and rise when it finishes.
          </p>
        ) : null}
        <p>
          <span className="text-2xl font-semibold" data-testid="first-party-rate">
            {percent(data.rate)}
          </span>{' '}
          <span className="text-slate-400">
            {data.joinedOrders} of {data.orders} orders · by the Shopify pixel{' '}
            {data.byMethod.pixel_order_id +
              data.byMethod.pixel_checkout_token +
              data.byMethod.pixel_cart_token +
              data.byMethod.pixel_email_hash}
            , by visitor id {data.byMethod.visitor_id}, checkout token {data.byMethod.checkout_token}, landing
            page + UTM {data.byMethod.landing_utm}, e-mail {data.byMethod.email_hash}
          </span>
        </p>
        <p className="text-slate-300" data-testid="first-party-joined-share">
          {percent(data.joinedShare)} of online orders
          {data.consentingOrders === null ? '' : ` placed with consent (${data.consentingOrders})`} joined
          {data.unjoined.some((u) => u.orders > 0) ? ' · unjoined: ' : ''}
          {data.unjoined
            .filter((u) => u.orders > 0)
            .map((u) => `${u.orders} ${UNJOINED_LABEL[u.reason]}`)
            .join(', ')}
        </p>
        <ul className="grid gap-x-8 gap-y-1 sm:grid-cols-3" data-testid="first-party-channels">
          {data.byChannel.map((c) => (
            <li
              key={c.channel}
              className="flex justify-between gap-2 border-b border-slate-800 pb-1 text-slate-300"
            >
              <span>{c.channel}</span>
              <span>
                {percent(c.rate)} of {c.orders}
              </span>
            </li>
          ))}
        </ul>
        <FirstPartyDailyChart byDay={data.byDay} />
        {data.causes.length > 0 && !data.updating ? (
          <ul className="list-disc pl-5 text-xs text-amber-200" data-testid="first-party-causes">
            {data.causes.map((cause) => (
              <li key={cause}>{cause}</li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
