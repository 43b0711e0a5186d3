import { toDayNumber } from '../../core/dates/to-day-number.ts';

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?: ?(?:Z|[+-]\d{2}:?\d{2}))?)?$/;

/**
 * The shop-local calendar date of an ISO date or date-time ('2024-01-15', '2024-01-15T10:23:45',
 * '2024-01-15 10:23:45 -0500', '2024-01-15T10:23:45Z'): its date part, since exports write times in
 * the shop's time zone. Null when the text is not one of those forms or not a real date.
 */
export function parseShopDate(text: string): string | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  try {
    toDayNumber(match[1]!);
  } catch {
    return null;
  }
  return match[1]!;
}
