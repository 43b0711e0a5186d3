import { type ResultsPhase, useResultsProgress } from '@web/lib/sync/use-results-progress.ts';
import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';

const STEPS: { phase: Exclude<ResultsPhase, 'idle'>; label: string }[] = [
  { phase: 'syncing', label: 'Syncing' },
  { phase: 'analysing', label: 'Analysing' },
  { phase: 'ready', label: 'Ready' },
];

/** syncing → analysing → ready after connecting, from the live sync and analysis status. */
export function ConnectProgress() {
  const { phase } = useResultsProgress();
  const current = STEPS.findIndex((step) => step.phase === phase);
  return (
    <ol
      className="flex flex-wrap items-center gap-3 text-sm"
      data-testid="connect-progress"
      data-phase={phase}
      aria-live="polite"
    >
      {STEPS.map((step, i) => {
        const done = current > i || phase === 'ready';
        const active = current === i && phase !== 'ready';
        const Icon = done ? CheckCircle2 : active ? Loader2 : Circle;
        return (
          <li
            key={step.phase}
            className={`flex items-center gap-1.5 ${done ? 'text-emerald-300' : active ? 'text-white' : 'text-slate-500'}`}
            aria-current={active ? 'step' : undefined}
          >
            <Icon aria-hidden="true" className={`size-4 ${active ? 'animate-spin' : ''}`} />
            {step.label}
            {active ? '…' : ''}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The same progress on a page that shows results (/ right after connecting): appears while a sync or
 * an analysis is under way and stays, at Ready, once they finished; nothing when all was quiet.
 */
export function ResultsProgressWhileBusy() {
  const { phase } = useResultsProgress();
  const [seenBusy, setSeenBusy] = useState(false);
  useEffect(() => {
    if (phase === 'syncing' || phase === 'analysing') setSeenBusy(true);
  }, [phase]);
  return seenBusy ? <ConnectProgress /> : null;
}
