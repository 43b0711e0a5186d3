import { DAY_MS } from '../../shared/calendar.ts';
/**
 * Calendar date 'YYYY-MM-DD' of a day number (days since 1970-01-01); inverse of toDayNumber.
 *
 * @example fromDayNumber(1) // '1970-01-02'
 */
export function fromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}
