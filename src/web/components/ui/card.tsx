import { cn } from '@web/lib/cn.ts';
import type { HTMLAttributes } from 'react';

/**
 * Translucent panel on the cityscape background. Compose: `<Card><CardHeader><CardTitle/><CardDescription/>
 * </CardHeader><CardContent/><CardFooter/></Card>`. `data-card` marks it for the phone-width check
 * (test/phones/phone-widths.browser.test.ts: nothing inside a card is wider than its box).
 */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      data-card=""
      className={cn(
        'rounded-xl border border-slate-700/70 bg-slate-900/75 text-slate-100 shadow-lg shadow-black/30 backdrop-blur-sm transparency-reduced:bg-slate-900',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

/** Card heading; renders an `<h3>` so screen readers and tests can find it by role. */
export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return (
    <h3
      className={cn('text-lg font-semibold leading-tight tracking-tight text-white', className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-slate-400', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex items-center gap-2 p-6 pt-0', className)} {...props} />;
}
