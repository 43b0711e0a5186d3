import { cn } from '@web/lib/cn.ts';
import type { InputHTMLAttributes } from 'react';

/** Text field for dark panels; pair with `<Label htmlFor>`. */
export function Input({ className, type = 'text', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full rounded-md border border-slate-600 bg-slate-950/60 px-3 py-2 text-sm text-slate-100',
        'placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
