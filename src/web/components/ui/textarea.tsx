import { cn } from '@web/lib/cn.ts';
import type { TextareaHTMLAttributes } from 'react';

/** Multi-line field (e.g. a pasted service account JSON); pair with `<Label htmlFor>`. */
export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(
        'flex min-h-24 w-full rounded-md border border-slate-600 bg-slate-950/60 px-3 py-2 text-sm text-slate-100',
        'placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
