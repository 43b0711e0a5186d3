const YEAR_DAYS = 365.25;

/**
 * Yearly seasonality as smooth periodic columns: the first `order` sine/cosine pairs of a Fourier
 * series in the day of the year.
 *
 * Definition: for day number d (days since 1970-01-01) and k = 1…order, the columns
 * sin(2πk·d/365.25) and cos(2πk·d/365.25); a linear combination of them is any smooth yearly
 * pattern up to the k-th harmonic.
 * Reference: Harvey & Shephard (1993) / Taylor & Letham (2018), "Forecasting at scale" (Prophet)
 * §3.2 eq. (5); Robyn and pymc-marketing use the same yearly Fourier terms in their MMMs.
 *
 * @example fourierSeasonality([0], 1) // [[0], [1]] — sin then cos of order 1
 */
export function fourierSeasonality(dayNumbers: readonly number[], order: number): number[][] {
  const columns: number[][] = [];
  for (let k = 1; k <= order; k += 1) {
    const omega = (2 * Math.PI * k) / YEAR_DAYS;
    columns.push(dayNumbers.map((d) => Math.sin(omega * d)));
    columns.push(dayNumbers.map((d) => Math.cos(omega * d)));
  }
  return columns;
}
