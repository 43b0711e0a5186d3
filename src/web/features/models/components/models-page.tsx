import type { ModelRun } from '@shared/contracts/models.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button, buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { HeadRow } from '@web/components/ui/head-row.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { errorSentence } from '@web/lib/api-error.ts';
import { Play } from 'lucide-react';
import { Link } from 'wouter';
import { useModelDiagnostics, useModelRuns, useRunAnalysis } from '../api/model-queries.ts';
import { formatInstant, formatRunDuration } from '../lib/format-model.ts';
import { ForecastSection } from './forecast-section.tsx';
import { LifetimeSection } from './lifetime-section.tsx';

/**
 * Predictive Models: what the latest analysis run's models say and how much to trust them — the
 * forecast's backtest and holdout beside baselines, the churn/CLV fits and their checks (or "too
 * little data") — plus the run history and a "Run analysis" button.
 */
export function ModelsPage() {
  const diagnostics = useModelDiagnostics();
  const runs = useModelRuns();
  const run = useRunAnalysis();
  const { toast } = useToast();
  const onRun = () =>
    run.mutate(undefined, {
      onSuccess: (status) =>
        status.lastRun?.status === 'failed'
          ? toast({
              title: 'Analysis failed',
              description: status.lastRun.error ?? '',
              variant: 'destructive',
            })
          : toast({ title: 'Analysis finished', description: 'The models below are up to date.' }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorSentence(error, 'Request failed'),
          variant: 'destructive',
        }),
    });
  const d = diagnostics.data;
  return (
    <div className="grid min-w-0 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Predictive Models</h1>
          <p className="text-slate-300">
            What the forecasts and customer models say, and how far to trust them
          </p>
          {d?.run ? (
            <p className="mt-1 text-xs text-slate-400" data-testid="latest-run">
              Latest analysis {formatInstant(d.run.finishedAt)}, data up to {d.run.asOf ?? '—'}
            </p>
          ) : null}
        </div>
        <Button onClick={onRun} disabled={run.isPending} data-testid="run-analysis">
          <Play aria-hidden="true" />
          {run.isPending ? 'Running analysis…' : 'Run analysis'}
        </Button>
      </header>
      {diagnostics.isPending ? (
        <div className="grid gap-4" data-testid="loading">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : diagnostics.isError ? (
        <ReadError error={diagnostics.error} />
      ) : diagnostics.data.state !== 'ready' ? (
        <Card data-testid="models-empty">
          <CardContent className="grid justify-items-center gap-3 py-12 text-center">
            <p className="text-lg font-semibold text-white">
              {diagnostics.data.state === 'no_run' ? 'No analysis yet' : 'No orders to model yet'}
            </p>
            <p className="max-w-lg text-sm text-slate-300">
              The models are fitted on your store's orders. Connect a Shopify store (or the demo store) on
              your profile page; the first analysis runs after its first sync, or press Run analysis.
            </p>
            <Link href="/profile" className={buttonClasses()}>
              Connect a store
            </Link>
          </CardContent>
        </Card>
      ) : (
        <>
          <ForecastSection diagnostics={diagnostics.data} checks={diagnostics.data.checks} />
          <LifetimeSection diagnostics={diagnostics.data} checks={diagnostics.data.checks} />
        </>
      )}
      <RunHistory runs={runs.data} error={runs.error} />
    </div>
  );
}

const statusVariant = (status: ModelRun['status']) =>
  status === 'succeeded' ? 'success' : status === 'failed' ? 'destructive' : 'secondary';

function RunHistory({ runs, error }: { runs: ModelRun[] | undefined; error: Error | null }) {
  return (
    <Card data-testid="run-history" className="min-w-0">
      <CardHeader>
        <CardTitle>Analysis Runs</CardTitle>
        <CardDescription>
          Recent runs of the models and opportunity detectors (older ones are pruned)
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {error ? (
          <ReadError error={error} />
        ) : !runs ? (
          <Skeleton className="h-24" />
        ) : runs.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-400">No analysis has run yet.</p>
        ) : (
          <table className="w-full min-w-[40rem] text-sm">
            <HeadRow labels={['Started', 'Trigger', 'Status', 'Duration', 'Data up to', 'Opportunities']} />
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className="border-t border-slate-800" data-testid="run-row">
                  <td className="py-2 pr-3">{formatInstant(r.startedAt)}</td>
                  <td className="py-2 pr-3">{r.trigger}</td>
                  <td className="py-2 pr-3">
                    <Badge variant={statusVariant(r.status)} title={r.error ?? undefined}>
                      {r.status}
                    </Badge>
                    {r.error ? (
                      <p className="mt-1 max-w-xs truncate text-xs text-red-300">{r.error}</p>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3">{formatRunDuration(r.durationMs)}</td>
                  <td className="py-2 pr-3">{r.asOf ?? '—'}</td>
                  <td className="py-2">{r.opportunities ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
