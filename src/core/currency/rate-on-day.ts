/** A published rate: units of the currency per euro on `rateDate`, from the ECB feed or entered by hand. */
export interface PublishedRate {
  rateDate: string;
  perEuro: string;
  source: 'ecb' | 'manual';
}

/**
 * The rate that applies to a shop day (issue #17 item 1, decision 067): the one published on that
 * day, else the last one published before it. The ECB publishes reference rates on TARGET business
 * days only — none on Saturdays, Sundays, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26
 * December — so a weekend's or a holiday's amounts are converted at the last business day's rate
 * (the ECB's own advice for days without a fixing), and the answer says which day's rate it was.
 *
 * `rates` is one currency's rates in ascending `rateDate` order; where the feed and a hand entry
 * share a day the caller keeps the feed's. Binary search: a period of a year over 25 years of
 * rates is a few thousand steps, not millions. Null when nothing was published on or before `day`.
 */
export function rateOnDay(rates: readonly PublishedRate[], day: string): PublishedRate | null {
  let low = 0;
  let high = rates.length - 1;
  let found: PublishedRate | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const rate = rates[middle];
    if (!rate) break;
    if (rate.rateDate <= day) {
      found = rate;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
