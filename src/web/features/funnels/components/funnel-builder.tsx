import type { CreateFunnel } from '@shared/contracts/funnels.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { useState } from 'react';
import { useCreateFunnel } from '../api/funnel-queries.ts';

type Step = CreateFunnel['steps'][number];
const KIND_LABEL: Record<Step['kind'], string> = {
  event: 'Event',
  url: 'URL pattern',
  element: 'Clicked element',
};
const PLACEHOLDER: Record<Step['kind'], string> = {
  event: 'checkout_started',
  url: '/products/*',
  element: 'form.product-form>button',
};

/**
 * The funnel builder (issue 40): a name, steps in order (standard event, URL pattern with `*`, or a
 * clicked element's CSS selector) and the window they must be passed in. Saves with POST /api/funnels
 * and hands the new funnel's id back.
 */
export function FunnelBuilder({ onCreated }: { onCreated: (id: string) => void }) {
  const [name, setName] = useState('');
  const [steps, setSteps] = useState<Step[]>([
    { kind: 'url', value: '' },
    { kind: 'event', value: '' },
  ]);
  const [windowMinutes, setWindowMinutes] = useState(60);
  const create = useCreateFunnel();
  const setStep = (i: number, step: Partial<Step>) =>
    setSteps((all) => all.map((s, j) => (j === i ? { ...s, ...step } : s)));
  const submit = () =>
    create.mutate({ name, steps, windowMinutes }, { onSuccess: (funnel) => onCreated(funnel.id) });
  return (
    <form
      className="grid gap-3 rounded-md border border-slate-700 p-4"
      data-testid="funnel-builder"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="font-medium text-slate-100">New funnel</h2>
      <label className="grid gap-1 text-sm">
        Name
        <Input value={name} onChange={(e) => setName(e.target.value)} aria-label="Funnel name" />
      </label>
      <ol className="grid gap-2">
        {steps.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional and have no id
          <li key={i} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="w-14 text-slate-400">Step {i + 1}</span>
            <select
              aria-label={`Step ${i + 1} kind`}
              className="h-10 rounded-md border border-slate-600 bg-slate-950/60 px-2"
              value={step.kind}
              onChange={(e) => setStep(i, { kind: e.target.value as Step['kind'] })}
            >
              {Object.entries(KIND_LABEL).map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {label}
                </option>
              ))}
            </select>
            <Input
              className="min-w-48 flex-1"
              aria-label={`Step ${i + 1} value`}
              placeholder={PLACEHOLDER[step.kind]}
              value={step.value}
              onChange={(e) => setStep(i, { value: e.target.value })}
            />
            {steps.length > 1 ? (
              <Button
                type="button"
                variant="outline"
                onClick={() => setSteps((all) => all.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Button
          type="button"
          variant="outline"
          disabled={steps.length >= 10}
          onClick={() => setSteps((all) => [...all, { kind: 'event', value: '' }])}
        >
          Add step
        </Button>
        <label className="flex items-center gap-2">
          Within
          <Input
            type="number"
            min={1}
            className="w-24"
            aria-label="Window in minutes"
            value={windowMinutes}
            onChange={(e) => setWindowMinutes(Number(e.target.value))}
          />
          minutes
        </label>
        <Button type="submit" disabled={create.isPending}>
          Save funnel
        </Button>
      </div>
      {create.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {create.error.message}
        </p>
      ) : null}
    </form>
  );
}
