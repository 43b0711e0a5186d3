import type { MmmAnswer } from '@shared/contracts/measurement.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { formatMoney } from '@web/lib/money.ts';
import { type FormEvent, useState } from 'react';
import { usePlanBudget } from '../api/measurement-queries.ts';

/**
 * The budget planner (issue #41): a weekly budget and each channel's bounds in, the split that
 * maximises expected contribution out, as "Move X from A to B" steps with the estimated weekly
 * change of contribution and its 90 % interval — stated only when every move survives the refit
 * under a shorter carry-over prior; otherwise the answer's summary says which moves are not robust
 * to the carry-over assumption (decision 179).
 */
export function BudgetPlanner({ answer }: { answer: MmmAnswer & { from: string; to: string } }) {
  const current = answer.channels.reduce((sum, c) => sum + Number(c.currentWeeklySpend), 0);
  const [budget, setBudget] = useState(current.toFixed(2));
  const [bounds, setBounds] = useState<Record<string, { min: string; max: string }>>({});
  const plan = usePlanBudget();
  const money = (amount: string | number) => formatMoney(amount, answer.currency);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    plan.mutate({
      from: answer.from,
      to: answer.to,
      budget,
      bounds: Object.fromEntries(
        Object.entries(bounds).map(([name, b]) => [
          name,
          { ...(b.min ? { min: b.min } : {}), ...(b.max ? { max: b.max } : {}) },
        ]),
      ),
    });
  };
  const result = plan.data;
  const change = result?.expectedContributionChange;
  return (
    <div className="grid gap-4">
      <form
        className="grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] items-end"
        onSubmit={submit}
      >
        <div className="grid gap-1">
          <Label htmlFor="plan-budget">Weekly budget ({answer.currency})</Label>
          <Input
            id="plan-budget"
            inputMode="decimal"
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
          />
        </div>
        {answer.channels.map((c) => (
          <div key={c.name} className="grid grid-cols-2 gap-1">
            <Label className="col-span-2">{c.name}: min / max per week</Label>
            {(['min', 'max'] as const).map((side) => (
              <Input
                key={side}
                aria-label={`${c.name} ${side}`}
                inputMode="decimal"
                value={bounds[c.name]?.[side] ?? ''}
                onChange={(e) =>
                  setBounds({
                    ...bounds,
                    [c.name]: { min: '', max: '', ...bounds[c.name], [side]: e.target.value },
                  })
                }
              />
            ))}
          </div>
        ))}
        <Button type="submit" disabled={plan.isPending}>
          {plan.isPending ? 'Planning…' : 'Plan'}
        </Button>
      </form>
      {plan.isError ? <ReadError error={plan.error} /> : null}
      {result?.thin ? <p className="text-sm text-slate-300">Too thin to say: {result.thin.reason}</p> : null}
      {result && !result.thin && change ? (
        <div className="grid gap-2 text-sm text-slate-200" data-testid="plan-result">
          <ul className="grid gap-1">
            {result.moves.length === 0 ? (
              <li>Keep the current split: no move adds expected contribution.</li>
            ) : null}
            {result.moves.map((m) => (
              <li key={`${m.from}-${m.to}`}>
                Move {money(m.amount)} a week from {m.from} to {m.to}
                {m.robust ? '' : m.pays ? ' (not robust to the carry-over assumption)' : ' (not sure to pay)'}
              </li>
            ))}
            {result.channels.map((c) => (
              <li key={c.name}>
                {c.name}: {money(c.current)} → {money(c.planned)} a week
              </li>
            ))}
          </ul>
          {result.dataSupport && !result.dataSupport.within ? (
            <p data-testid="plan-data-support">{result.dataSupport.summary}</p>
          ) : null}
          {result.carryOver && !result.carryOver.robust ? (
            <p data-testid="plan-contribution-change">
              {result.carryOver.summary}
              {Number(result.unspent) > 0 ? ` · ${money(result.unspent)} left unspent` : ''}
            </p>
          ) : (
            <p data-testid="plan-contribution-change">
              Estimated change of contribution: {money(change.mean)} a week (90 % interval {money(change.low)}{' '}
              to {money(change.high)})
              {Number(result.unspent) > 0 ? ` · ${money(result.unspent)} left unspent` : ''}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
