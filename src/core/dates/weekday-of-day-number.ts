/**
 * ISO weekday of a day number: 0 = Monday … 6 = Sunday.
 *
 * Definition: 1970-01-01 (day 0) was a Thursday (ISO weekday index 3).
 * @example weekdayOfDayNumber(0) // 3 (Thursday)
 */
export function weekdayOfDayNumber(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}
