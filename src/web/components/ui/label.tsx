import { cn } from '@web/lib/cn.ts';
import type { LabelHTMLAttributes } from 'react';

/** Form label; always set `htmlFor` to the field's id so the field has an accessible name. */
export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-sm font-medium leading-none text-slate-200', className)} {...props} />;
}
