import { cn } from '@web/lib/cn.ts';
import type { HTMLAttributes } from 'react';

/** Placeholder block while data loads; size it with className (e.g. "h-4 w-32"). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-700/60', className)}
      {...props}
    />
  );
}
