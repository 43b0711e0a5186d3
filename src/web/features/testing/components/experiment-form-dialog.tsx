import type { Experiment } from '@shared/contracts/experiments.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useSaveExperiment } from '../api/experiment-queries.ts';
import {
  draftToInput,
  type ExperimentDraft,
  emptyDraft,
  nextVariantName,
  type VariantDraft,
} from '../lib/format-experiment.ts';

const MAX_VARIANTS = 6;

function draftOf(experiment: Experiment | null): ExperimentDraft {
  if (!experiment) return emptyDraft();
  return {
    name: experiment.name,
    hypothesis: experiment.hypothesis,
    minimumDetectableEffect: String(experiment.minimumDetectableEffect),
    variants: experiment.variants.map((v, i) => ({
      key: `arm-${i}`,
      name: v.name,
      visitors: String(v.visitors),
      conversions: String(v.conversions),
      revenue: String(v.revenue),
    })),
  };
}

export interface ExperimentFormDialogProps {
  /** null: closed; 'new': a new experiment; an experiment: edit it. */
  target: Experiment | 'new' | null;
  currency: string;
  onClose(): void;
  onSaved(name: string): void;
}

/** Create or edit an experiment: name, hypothesis, minimum detectable effect and the arms' counts. */
export function ExperimentFormDialog({ target, currency, onClose, onSaved }: ExperimentFormDialogProps) {
  const editing = target !== null && target !== 'new' ? target : null;
  const [draft, setDraft] = useState<ExperimentDraft>(() => draftOf(editing));
  const save = useSaveExperiment();
  const { reset } = save;

  useEffect(() => {
    if (target !== null) {
      setDraft(draftOf(target === 'new' ? null : target));
      reset();
    }
  }, [target, reset]);

  const setVariant = (index: number, patch: Partial<VariantDraft>) =>
    setDraft((d) => ({ ...d, variants: d.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: editing?.id ?? null, input: draftToInput(draft) },
      {
        onSuccess: (saved) => {
          onSaved(saved.name);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <form onSubmit={submit} className="grid gap-4" data-testid="experiment-form">
          <DialogHeader>
            <DialogTitle>{editing ? 'Edit experiment' : 'New experiment'}</DialogTitle>
            <DialogDescription>
              The first arm is the control. Enter the counts from your testing tool or checkout and update
              them as the test runs; revenue is in {currency}.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="experiment-name">Name</Label>
            <Input
              id="experiment-name"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              placeholder="One-page checkout"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="experiment-hypothesis">Hypothesis</Label>
            <Textarea
              id="experiment-hypothesis"
              value={draft.hypothesis}
              onChange={(e) => setDraft({ ...draft, hypothesis: e.target.value })}
              placeholder="Fewer checkout steps will convert more visitors."
            />
          </div>
          <div className="grid gap-2 sm:w-64">
            <Label htmlFor="experiment-mde">Minimum detectable effect (relative %)</Label>
            <Input
              id="experiment-mde"
              inputMode="decimal"
              value={draft.minimumDetectableEffect}
              onChange={(e) => setDraft({ ...draft, minimumDetectableEffect: e.target.value })}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-200">Variants</legend>
            <div className="hidden grid-cols-[1.4fr_1fr_1fr_1fr_auto] gap-2 text-xs text-slate-400 sm:grid">
              <span>Name</span>
              <span>Visitors</span>
              <span>Conversions</span>
              <span>Revenue ({currency})</span>
              <span className="w-9" />
            </div>
            {draft.variants.map((v, i) => (
              <div
                key={v.key}
                className="grid grid-cols-2 gap-2 sm:grid-cols-[1.4fr_1fr_1fr_1fr_auto]"
                data-testid="variant-row"
              >
                <Input
                  aria-label={`Variant ${i + 1} name`}
                  value={v.name}
                  onChange={(e) => setVariant(i, { name: e.target.value })}
                />
                <Input
                  aria-label={`Variant ${i + 1} visitors`}
                  inputMode="numeric"
                  value={v.visitors}
                  onChange={(e) => setVariant(i, { visitors: e.target.value })}
                />
                <Input
                  aria-label={`Variant ${i + 1} conversions`}
                  inputMode="numeric"
                  value={v.conversions}
                  onChange={(e) => setVariant(i, { conversions: e.target.value })}
                />
                <Input
                  aria-label={`Variant ${i + 1} revenue`}
                  inputMode="decimal"
                  value={v.revenue}
                  onChange={(e) => setVariant(i, { revenue: e.target.value })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove variant ${i + 1}`}
                  disabled={draft.variants.length <= 2}
                  onClick={() => setDraft({ ...draft, variants: draft.variants.filter((_, j) => j !== i) })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={draft.variants.length >= MAX_VARIANTS}
              onClick={() =>
                setDraft({
                  ...draft,
                  variants: [
                    ...draft.variants,
                    {
                      key: `arm-${Math.max(...draft.variants.map((v) => Number(v.key.slice(4)))) + 1}`,
                      name: nextVariantName(draft.variants.length),
                      visitors: '',
                      conversions: '',
                      revenue: '',
                    },
                  ],
                })
              }
            >
              <Plus aria-hidden="true" /> Add variant
            </Button>
          </fieldset>
          {save.isError ? <ReadError error={save.error} /> : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="save-experiment">
              {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Create experiment'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
