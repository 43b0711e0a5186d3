import type { Recalculation } from '@shared/contracts/costs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useState } from 'react';
import { useStartRecalculation } from '../api/cost-queries.ts';

export function RecalculationCard({ runs }: { runs: readonly Recalculation[] }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const start = useStartRecalculation();
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold text-white">Recalculate past orders</h2>
      <p className="text-xs text-slate-400">
        Re-prices the order lines of a date range with today's ledger, margin and shipping profiles.
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate({ from, to });
        }}
      >
        <Input
          aria-label="Recalculate from"
          type="date"
          className="w-40"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Input
          aria-label="Recalculate to"
          type="date"
          className="w-40"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button type="submit" disabled={start.isPending || !from || !to}>
          Recalculate
        </Button>
        {start.error ? (
          <span className="text-sm text-rose-300">{errorSentence(start.error, 'Not started.')}</span>
        ) : null}
      </form>
      <ul className="space-y-1 text-sm text-slate-300" data-testid="recalculations">
        {runs.map((run) => (
          <li key={run.id}>
            {run.from} → {run.to}: {run.status}
            {run.status === 'running' || run.status === 'pending'
              ? ` (${run.linesDone} of ${run.linesTotal} lines)`
              : ` · ${run.linesChanged} of ${run.linesTotal} lines changed, COGS ${run.costDelta}`}
            {` · ${run.requestedBy ?? 'someone'}, ${new Date(run.requestedAt).toLocaleString()}`}
            {run.error ? <span className="text-rose-300"> · {run.error}</span> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
