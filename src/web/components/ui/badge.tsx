import { cn } from '@web/lib/cn.ts';
import type { HTMLAttributes } from 'react';

export type BadgeVariant = 'default' | 'secondary' | 'success' | 'warning' | 'destructive' | 'outline';

const variantClasses: Record<BadgeVariant, string> = {
  default: 'border-transparent bg-indigo-500 text-white',
  secondary: 'border-transparent bg-slate-700 text-slate-100',
  success: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-300',
  warning: 'border-amber-400/40 bg-amber-500/15 text-amber-300',
  destructive: 'border-rose-400/40 bg-rose-500/15 text-rose-300',
  outline: 'border-slate-600 text-slate-200',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

/** Small status label (Working/Failed, priorities, Active/Inactive). */
export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}
