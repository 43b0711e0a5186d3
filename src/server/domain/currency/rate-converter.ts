import { convertMinor } from '../../../core/currency/convert-minor.ts';
import { type PublishedRate, rateOnDay } from '../../../core/currency/rate-on-day.ts';
import { addDays } from '../../../shared/calendar.ts';
import type { RateUsed } from '../../../shared/contracts/all-stores.ts';
import { currencyDigitsOf } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { readRateBook } from './rate-queries.ts';

const EURO = { rateDate: '', perEuro: '1', source: 'ecb' } as const satisfies PublishedRate;

/**
 * Converts store amounts into the reporting currency day by day (decision 067), remembering every
 * rate it used so the answer can show them. One read of the rate book per request.
 */
export interface RateConverter {
  readonly reportingCurrency: string;
  readonly digits: number;
  /** `minor` of `currency` (with `digits` minor digits) on shop day `day`, or null without a rate. */
  convert(currency: string, digits: number, day: string, minor: number): number | null;
  /** A currency (the store's or the reporting one) with no rate on or before `day`, or null. */
  missingRate(currency: string, day: string): string | null;
  /** The rates used so far, as runs of days per currency. */
  used(): RateUsed[];
  /**
   * The cross rate `convert` applies on `day`: reporting-currency units per unit of `currency`
   * (10 decimals, for display: amounts are converted exactly) and the publication day of the rates
   * it comes from; null without a rate.
   */
  quote(currency: string, day: string): { rate: string; rateDate: string } | null;
}

export async function loadRateConverter(
  db: Db,
  teamId: string,
  reportingCurrency: string,
  storeCurrencies: readonly string[],
  from: string,
  to: string,
): Promise<RateConverter> {
  const currencies = [...new Set([...storeCurrencies, reportingCurrency])].filter((c) => c !== 'EUR');
  const book = await readRateBook(db, teamId, currencies, from, to);
  const digits = currencyDigitsOf(reportingCurrency);
  // currency → day → the rate used that day (filled as days are converted).
  const usedByCurrency = new Map<string, Map<string, PublishedRate>>();
  const rateOf = (currency: string, day: string): PublishedRate | null => {
    if (currency === 'EUR') return EURO;
    const rate = rateOnDay(book.get(currency) ?? [], day);
    if (rate) {
      const days = usedByCurrency.get(currency) ?? new Map<string, PublishedRate>();
      days.set(day, rate);
      usedByCurrency.set(currency, days);
    }
    return rate;
  };
  return {
    reportingCurrency,
    digits,
    convert(currency, sourceDigits, day, minor) {
      if (currency === reportingCurrency && sourceDigits === digits) return minor;
      const source = rateOf(currency, day);
      const target = rateOf(reportingCurrency, day);
      if (!source || !target) return null;
      return convertMinor(
        minor,
        { perEuro: source.perEuro, digits: sourceDigits },
        { perEuro: target.perEuro, digits },
      );
    },
    missingRate(currency, day) {
      if (currency === reportingCurrency) return null;
      for (const code of [currency, reportingCurrency]) {
        const earliest = code === 'EUR' ? '' : book.get(code)?.[0]?.rateDate;
        if (earliest === undefined || earliest > day) return code;
      }
      return null;
    },
    used: () => compressRuns(usedByCurrency),
    quote(currency, day) {
      if (currency === reportingCurrency) return { rate: '1', rateDate: day };
      const source = rateOf(currency, day);
      const target = rateOf(reportingCurrency, day);
      if (!source || !target) return null;
      return {
        rate: (Number(target.perEuro) / Number(source.perEuro)).toFixed(10),
        // the later publication day of the two (ISO days compare as text)
        rateDate: [source.rateDate, target.rateDate].sort()[1]!,
      };
    },
  };
}

/** Consecutive days of one currency at one published rate, as one run. */
function compressRuns(usedByCurrency: Map<string, Map<string, PublishedRate>>): RateUsed[] {
  const runs: RateUsed[] = [];
  for (const [currency, days] of [...usedByCurrency].sort(([a], [b]) => a.localeCompare(b))) {
    let run: RateUsed | null = null;
    for (const [day, rate] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
      if (run && run.rateDate === rate.rateDate && run.source === rate.source && addDays(run.to, 1) === day) {
        run.to = day;
        continue;
      }
      run = {
        currency,
        from: day,
        to: day,
        rateDate: rate.rateDate,
        rate: rate.perEuro,
        source: rate.source,
      };
      runs.push(run);
    }
  }
  return runs;
}
