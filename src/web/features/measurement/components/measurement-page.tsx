import type { MmmAnswer } from '@shared/contracts/measurement.ts';
import { LoadingCards, NoStoreData, ReadError } from '@web/components/page-states.tsx';
import { ProfitRangePicker } from '@web/components/profit-range-picker.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { formatMoney } from '@web/lib/money.ts';
import { useMmm } from '../api/measurement-queries.ts';
import { BudgetPlanner } from './budget-planner.tsx';
import { ContributionOverTime, ResponseCurve } from './measurement-charts.tsx';

const ratio = (value: number) => `${value.toFixed(2)}×`;
const percent = (value: number) => `${(value * 100).toFixed(0)} %`;

/** Each channel's figures, estimated with their 90 % intervals, beside what the platform attributes. */
function RoasTable({ answer }: { answer: MmmAnswer }) {
  const money = (amount: string) => formatMoney(amount, answer.currency);
  return (
    <table className="w-full text-left text-sm text-slate-200" data-testid="mmm-roas-table">
      <thead className="text-xs text-slate-400">
        <tr>
          <th className="py-1">Channel</th>
          <th>Spend</th>
          <th>Contribution (est.)</th>
          <th>Share (est.)</th>
          <th>ROAS attributed by the platform</th>
          <th>Incremental ROAS (est.)</th>
          <th>Marginal ROAS (est.)</th>
        </tr>
      </thead>
      <tbody>
        {answer.channels.map((c) => (
          <tr key={c.name} className="border-t border-slate-700" data-testid={`mmm-channel-${c.name}`}>
            <td className="py-1 font-medium">{c.name}</td>
            <td>{money(c.spend)}</td>
            <td>
              {money(c.contribution)} ({money(c.contributionLow)} – {money(c.contributionHigh)})
            </td>
            <td>
              {percent(c.contributionShare)} ({percent(c.contributionShareLow)} –{' '}
              {percent(c.contributionShareHigh)})
            </td>
            <td data-testid="attributed-roas">{c.attributedRoas === null ? '—' : ratio(c.attributedRoas)}</td>
            <td data-testid="incremental-roas">
              {ratio(c.roas)} ({ratio(c.roasLow)} – {ratio(c.roasHigh)})
            </td>
            <td>
              {ratio(c.marginalRoas)} ({ratio(c.marginalRoasLow)} – {ratio(c.marginalRoasHigh)})
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Model({ answer }: { answer: MmmAnswer & { from: string; to: string } }) {
  const fit = answer.fit;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Return on ad spend: attributed vs incremental</CardTitle>
          <CardDescription>
            Estimated by a marketing-mix model of weekly net sales, {answer.from} to {answer.to}; in brackets
            the 90 % credible interval.
            {fit
              ? ` Fit: R² ${fit.r2.toFixed(2)}, error ${percent(fit.mape)} a week, ${percent(fit.coverage90)} of weeks inside the 90 % band.`
              : ''}
            {answer.decayPrior ? ` ${answer.decayPrior.summary}` : ''}
            {answer.saturation ? (
              <span data-testid="mmm-saturation"> {answer.saturation.summary}</span>
            ) : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <RoasTable answer={answer} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Contribution by channel over time</CardTitle>
          <CardDescription>
            Net sales per week split into the baseline and each channel (estimated).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ContributionOverTime answer={answer} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Response curves</CardTitle>
          <CardDescription>
            Estimated net sales a steady weekly spend causes, with the 90 % interval shaded.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {answer.channels.map((c, i) => (
            <div key={c.name}>
              <p className="text-sm font-medium text-slate-200">{c.name}</p>
              <ResponseCurve answer={answer} index={i} />
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Budget planner</CardTitle>
          <CardDescription>
            The weekly split that maximises expected contribution under the curves above (estimated).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BudgetPlanner answer={answer} />
        </CardContent>
      </Card>
    </>
  );
}

/**
 * The Measurement page (issue #41): what the ad money causes — the marketing-mix model of the
 * chosen range (contribution by channel over time, response curves, attributed vs incremental
 * ROAS) and the budget planner; "too thin to say" when the range cannot support an answer.
 */
export function MeasurementPage() {
  const dates = useDateRange();
  const { range } = dates;
  const mmm = useMmm({ from: range.from, to: range.to }, dates.ready);
  const answer = mmm.data;
  const fitted = answer && !answer.thin && answer.from !== null && answer.to !== null;
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Measurement</h1>
          <p className="text-slate-300">
            What your ad spend causes, estimated from your own sales: {range.from} to {range.to}
          </p>
        </div>
        <ProfitRangePicker state={dates} />
      </header>
      {mmm.isError ? <ReadError error={mmm.error} /> : null}
      {mmm.isPending ? <LoadingCards count={3} /> : null}
      {answer?.thin && answer.from === null ? <NoStoreData what="Measurements" /> : null}
      {answer?.thin && answer.from !== null ? (
        <Card data-testid="mmm-thin">
          <CardContent className="grid gap-2 py-6 text-sm text-slate-300">
            <p className="text-lg font-semibold text-white">Too thin to say</p>
            <p>{answer.thin.reason}.</p>
            <p>
              The model needs at least 20 weeks in which each channel's spend moved: choose a longer range.
            </p>
          </CardContent>
        </Card>
      ) : null}
      {fitted ? <Model answer={{ ...answer, from: answer.from!, to: answer.to! }} /> : null}
    </div>
  );
}
