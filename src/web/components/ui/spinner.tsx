import { cn } from '@web/lib/cn.ts';
import { LoaderCircle } from 'lucide-react';

export interface SpinnerProps {
  /** Announced to screen readers; also shown next to the icon when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

/** Small busy indicator with an accessible status label. */
export function Spinner({ label = 'Loading…', showLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-300', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-indigo-300" />
      {showLabel ? <span className="text-sm">{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}
