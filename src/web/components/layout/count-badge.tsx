import { formatBadgeCount } from '@web/lib/badge-count.ts';
import { cn } from '@web/lib/cn.ts';

/** Round count badge that hides at 0 and caps at '9+' (spec §9). */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  const text = formatBadgeCount(count);
  if (text === null) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-rose-500 px-1.5 text-[11px] leading-5 font-bold text-white',
        className,
      )}
    >
      {text}
    </span>
  );
}
