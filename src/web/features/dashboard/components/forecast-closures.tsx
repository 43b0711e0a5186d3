import type { RevenueForecast } from '@shared/contracts/analytics.ts';
import { Button } from '@web/components/ui/button.tsx';
import { formatCurrency } from '@web/lib/money.ts';
import { useSetForecastClosure } from '../api/dashboard-queries.ts';

const HOLIDAY_NAMES: Record<string, string> = {
  'new-years-day': "New Year's Day",
  'good-friday': 'Good Friday',
  'easter-sunday': 'Easter Sunday',
  'easter-monday': 'Easter Monday',
  'early-may-monday': 'Early May Monday',
  'last-may-monday': 'Last Monday of May',
  'independence-day': 'Independence Day',
  'last-august-monday': 'Last Monday of August',
  'first-september-monday': 'First Monday of September',
  thanksgiving: 'Thanksgiving',
  'christmas-eve': 'Christmas Eve',
  'christmas-day': 'Christmas Day',
  'boxing-day': 'Boxing Day',
  'new-years-eve': "New Year's Eve",
};

const holidayName = (rule: string) => HOLIDAY_NAMES[rule] ?? rule.replaceAll('-', ' ');

/**
 * The forecast's closures (decision 013): days the owner confirmed closed (forecast at 0, can be
 * reopened) and suggested ones — holidays the shop closed for once — forecast open until confirmed.
 */
export function ForecastClosures({ data }: { data: RevenueForecast }) {
  const setClosure = useSetForecastClosure();
  if (data.confirmedClosures.length === 0 && data.suggestedClosures.length === 0) return null;
  const pending = setClosure.isPending ? setClosure.variables?.date : undefined;
  return (
    <div className="grid gap-2 text-sm text-slate-300" data-testid="forecast-closures">
      <p className="font-medium text-white">Closed days</p>
      <ul className="grid gap-1">
        {data.confirmedClosures.map((date) => (
          <li
            key={date}
            className="flex flex-wrap items-center gap-2"
            data-testid={`closure-confirmed-${date}`}
          >
            <span>
              {date} — <span className="text-slate-100">confirmed closed</span> (forecast{' '}
              {formatCurrency(0, data.currency ?? 'USD', 0)})
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={pending !== undefined}
              onClick={() => setClosure.mutate({ date, closed: false })}
            >
              {pending === date ? 'Reopening…' : 'Reopen'}
            </Button>
          </li>
        ))}
        {data.suggestedClosures.map((s) => (
          <li
            key={s.date}
            className="flex flex-wrap items-center gap-2"
            data-testid={`closure-suggested-${s.date}`}
          >
            <span>
              {s.date} — {holidayName(s.holiday)}: <span className="text-amber-300">suggested</span>, you
              closed on it once; forecast open until you confirm
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={pending !== undefined}
              onClick={() => setClosure.mutate({ date: s.date, closed: true })}
            >
              {pending === s.date ? 'Confirming…' : 'Confirm closed'}
            </Button>
          </li>
        ))}
      </ul>
      {setClosure.error ? (
        <p className="text-red-300" role="alert">
          {setClosure.error.message}
        </p>
      ) : null}
    </div>
  );
}
