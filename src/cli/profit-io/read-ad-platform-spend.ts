import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { convertMinor } from '../../core/currency/convert-minor.ts';
import type { ProfitDayAmount } from '../../core/profit/types.ts';
import { currencyDigitsOf } from '../../shared/money.ts';
import { CliUsageError } from '../command.ts';
import { readJsonl } from './read-jsonl.ts';

const Day = z.iso.date();
const Currency = z.string().regex(/^[A-Z]{3}$/);
const AdDaySchema = z.object({
  date: Day,
  campaign_id: z.string().min(1),
  currency: Currency,
  spend_minor: z.number().int().nonnegative(),
});
const RateSchema = z.object({
  date: Day,
  currency: Currency,
  perEuro: z.string().regex(/^\d+(\.\d+)?$/),
});

const AD_FILES = ['google_ads_daily.jsonl', 'tiktok_ads_daily.jsonl'] as const;

/**
 * The Google Ads and TikTok spend of an `upside demo generate` folder (issue #39) as marketing in
 * the shop currency: each campaign day summed in the account currency, then converted at
 * exchange-rates.jsonl's rate of that day (exactly, convertMinor), as the warehouse converts it.
 * A folder without those files has no such spend; a foreign-currency day without a rate is an error.
 */
export function readAdPlatformSpend(dir: string, shopCurrency: string): ProfitDayAmount[] {
  const ratesPath = join(dir, 'exchange-rates.jsonl');
  const rates = new Map(
    (existsSync(ratesPath) ? readJsonl(ratesPath, 'exchange-rates.jsonl', RateSchema) : []).map((r) => [
      `${r.date}|${r.currency}`,
      r.perEuro,
    ]),
  );
  const spend: ProfitDayAmount[] = [];
  for (const file of AD_FILES) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const campaignDays = new Map<string, { date: string; currency: string; minor: number }>();
    for (const row of readJsonl(path, file, AdDaySchema)) {
      const key = `${row.date}|${row.campaign_id}|${row.currency}`;
      const entry = campaignDays.get(key) ?? { date: row.date, currency: row.currency, minor: 0 };
      entry.minor += row.spend_minor;
      campaignDays.set(key, entry);
    }
    for (const { date, currency, minor } of campaignDays.values()) {
      if (currency === shopCurrency) {
        spend.push({ day: date, amountMinor: minor });
        continue;
      }
      const from = rates.get(`${date}|${currency}`);
      const to = rates.get(`${date}|${shopCurrency}`);
      if (!from || !to)
        throw new CliUsageError(
          `${file}: no ${currency} → ${shopCurrency} rate for ${date} in exchange-rates.jsonl`,
        );
      spend.push({
        day: date,
        amountMinor: convertMinor(
          minor,
          { perEuro: from, digits: currencyDigitsOf(currency) },
          { perEuro: to, digits: currencyDigitsOf(shopCurrency) },
        ),
      });
    }
  }
  return spend;
}
