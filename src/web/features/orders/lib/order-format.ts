/** Display helpers of the Order Lookup page (spec §2). */

export type BadgeTone = 'green' | 'yellow' | 'red' | 'blue' | 'orange' | 'grey';

/** Badge colours: paid green, pending yellow, refunded red, fulfilled blue, partial orange, other grey. */
export function statusTone(status: string | null | undefined): BadgeTone {
  switch ((status ?? '').toLowerCase()) {
    case 'paid':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'refunded':
      return 'red';
    case 'fulfilled':
      return 'blue';
    case 'partial':
      return 'orange';
    default:
      return 'grey';
  }
}

export const TONE_CLASSES: Record<BadgeTone, string> = {
  green: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-300',
  yellow: 'border-yellow-400/40 bg-yellow-500/15 text-yellow-200',
  red: 'border-rose-400/40 bg-rose-500/15 text-rose-300',
  blue: 'border-sky-400/40 bg-sky-500/15 text-sky-300',
  orange: 'border-orange-400/40 bg-orange-500/15 text-orange-300',
  grey: 'border-slate-500/40 bg-slate-500/15 text-slate-300',
};

/** Line total = price × quantity to 2 decimals, computed in cents. */
export function lineTotal(price: string, quantity: number): string {
  const cents = Math.round(Number(price) * 100) * quantity;
  return (cents / 100).toFixed(2);
}

/**
 * Long date with time in the shop's time zone (not the browser's), e.g. "October 1, 2026 at
 * 8:00 AM"; an unknown zone falls back to UTC.
 */
export function formatOrderDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };
  try {
    return date.toLocaleString('en-US', { ...options, timeZone });
  } catch {
    return date.toLocaleString('en-US', { ...options, timeZone: 'UTC' });
  }
}

/** A decimal amount shown as taken off ("-12.50"); zero stays zero. */
export function negated(amount: string): string {
  return /^0+(\.0+)?$/.test(amount) || amount.startsWith('-') ? amount : `-${amount}`;
}
