/**
 * A shop-local calendar day 'YYYY-MM-DD' in words ('Tue 14 Oct 2026').
 *
 * Why UTC: the string already is the shop's day; formatting its UTC midnight in UTC keeps that
 * day whatever the reader's or the server's time zone.
 */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(',', '');
}
