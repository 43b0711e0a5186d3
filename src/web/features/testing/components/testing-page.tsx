import type { Experiment } from '@shared/contracts/experiments.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { errorSentence } from '@web/lib/api-error.ts';
import { useOpportunities } from '@web/lib/opportunities/opportunity-queries.ts';
import { FlaskConical, Plus } from 'lucide-react';
import { useState } from 'react';
import { useDeleteExperiment, useExperiments } from '../api/experiment-queries.ts';
import { ExperimentCard } from './experiment-card.tsx';
import { ExperimentFormDialog } from './experiment-form-dialog.tsx';
import { ImplementedChanges } from './implemented-changes.tsx';
import { SampleSizeCalculator } from './sample-size-calculator.tsx';

/**
 * A/B Testing: the owner's experiments with a full analysis each (rates and intervals, lift, p-value,
 * probability to beat the control, revenue per visitor, verdict with its rule), a sample-size
 * calculator, and implemented opportunities as before/after experiments.
 */
export function TestingPage() {
  const experiments = useExperiments();
  const opportunities = useOpportunities();
  const remove = useDeleteExperiment();
  const { toast } = useToast();
  const [target, setTarget] = useState<Experiment | 'new' | null>(null);
  const list = experiments.data ?? [];
  const currency = opportunities.data?.[0]?.currency ?? list[0]?.currency ?? 'USD';

  const onDelete = (experiment: Experiment) => {
    if (!window.confirm(`Delete the experiment "${experiment.name}"?`)) return;
    remove.mutate(experiment.id, {
      onSuccess: () => toast({ title: 'Deleted', description: `"${experiment.name}" was deleted.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorSentence(error, 'Request failed'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">A/B Testing</h1>
          <p className="text-slate-300">
            Analyse your experiments and see whether a change really made a difference
          </p>
        </div>
        <Button onClick={() => setTarget('new')} data-testid="new-experiment">
          <Plus aria-hidden="true" /> New experiment
        </Button>
      </header>

      {experiments.isError ? <ReadError error={experiments.error} /> : null}
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <section className="grid content-start gap-4" data-testid="experiment-list">
          <h2 className="text-xl font-semibold text-white">Experiments</h2>
          {experiments.isPending ? (
            <p className="py-8 text-center text-slate-300">Loading experiments...</p>
          ) : list.length === 0 ? (
            <Card>
              <CardContent className="grid justify-items-center gap-2 py-10 text-center">
                <FlaskConical aria-hidden="true" className="size-8 text-indigo-300" />
                <p className="font-semibold text-white">No experiments yet</p>
                <p className="max-w-md text-sm text-slate-400">
                  Record an A/B test with its visitors, conversions and revenue per variant; Upside tells you
                  when one variant really wins. Plan its size with the calculator first.
                </p>
              </CardContent>
            </Card>
          ) : (
            list.map((experiment) => (
              <ExperimentCard
                key={experiment.id}
                experiment={experiment}
                onEdit={setTarget}
                onDelete={onDelete}
                deleting={remove.isPending && remove.variables === experiment.id}
              />
            ))
          )}
        </section>
        <SampleSizeCalculator />
      </div>
      {opportunities.isError ? <ReadError error={opportunities.error} /> : null}
      <ImplementedChanges opportunities={opportunities.data ?? []} />
      <ExperimentFormDialog
        target={target}
        currency={currency}
        onClose={() => setTarget(null)}
        onSaved={(name) => toast({ title: 'Saved', description: `"${name}" was saved and analysed.` })}
      />
    </div>
  );
}
