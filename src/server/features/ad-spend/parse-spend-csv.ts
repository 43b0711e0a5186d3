import {
  IMPORTED_SPEND_PLATFORMS,
  type ImportedSpendPlatform,
  type SpendImportError,
} from '../../../shared/contracts/ad-spend-import.ts';
import { KnownCurrencySchema } from '../../../shared/contracts/exchange-rates.ts';
import { currencyDigitsOf } from '../../../shared/money.ts';
import { readAmount, readCsv, readDay } from '../../platform/csv/read-csv.ts';

/**
 * A spend CSV (issue #39 step 4, decision 105) read row by row: `date, platform, campaign, spend,
 * currency[, clicks, impressions]`, header names matched case-insensitively. A bad row is named
 * with its column and skipped; the others are kept. Rows of one platform, campaign and day are
 * added together (an export per ad set or per ad gives several), unless their currencies differ.
 * A file without a header or a required column is refused whole (CsvRejectedError).
 */

export interface SpendDay {
  /** The file's line of the day's first row. */
  row: number;
  date: string;
  platform: ImportedSpendPlatform;
  campaign: string;
  currency: string;
  spendMinor: number;
  clicks: number;
  impressions: number;
}

const REQUIRED = [['date'], ['platform'], ['campaign'], ['spend'], ['currency']] as const;

/** Platform names as exports and people write them → the platform. */
const ALIASES: Readonly<Record<string, ImportedSpendPlatform>> = {
  pinterest_ads: 'pinterest',
  microsoft: 'microsoft_ads',
  microsoft_advertising: 'microsoft_ads',
  bing: 'microsoft_ads',
  bing_ads: 'microsoft_ads',
  snapchat_ads: 'snapchat',
  snap: 'snapchat',
  reddit_ads: 'reddit',
  amazon: 'amazon_ads',
  amazon_advertising: 'amazon_ads',
  linkedin: 'linkedin_ads',
  x: 'x_ads',
  twitter: 'x_ads',
  twitter_ads: 'x_ads',
};

/** Platforms whose spend comes from a connector: an import naming them is refused. */
const CONNECTED: Readonly<Record<string, string>> = {
  google: 'Google Ads',
  google_ads: 'Google Ads',
  adwords: 'Google Ads',
  tiktok: 'TikTok Ads',
  tiktok_ads: 'TikTok Ads',
  meta: 'Meta',
  meta_ads: 'Meta',
  facebook: 'Meta',
  facebook_ads: 'Meta',
  instagram: 'Meta',
};

const MAX_CAMPAIGN_LENGTH = 200;

function readPlatform(value: string): ImportedSpendPlatform | { error: string } {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (key === '') return { error: 'is empty; expected a platform such as pinterest' };
  const known = (IMPORTED_SPEND_PLATFORMS as readonly string[]).includes(key)
    ? (key as ImportedSpendPlatform)
    : ALIASES[key];
  if (known) return known;
  const connector = CONNECTED[key];
  if (connector)
    return {
      error: `${connector} spend comes from its connection (Profile & Integrations), not from an import; leave these rows out`,
    };
  if (key === 'manual')
    return { error: 'manual costs are entered as manual cost lines, not imported; leave this row out' };
  return {
    error: `"${value.trim()}" is not a platform Upside imports; use one of ${IMPORTED_SPEND_PLATFORMS.join(', ')}`,
  };
}

/** An optional whole count: blank is 0. */
function readCount(value: string | undefined): number | { error: string } {
  const text = (value ?? '').trim().replace(/,/g, '');
  if (text === '') return 0;
  if (!/^\d{1,15}$/.test(text)) return { error: `"${text}" is not a whole number of 0 or more` };
  return Number(text);
}

export function parseSpendCsv(text: string, today: string): { days: SpendDay[]; errors: SpendImportError[] } {
  const errors: SpendImportError[] = [];
  const byKey = new Map<string, SpendDay>();
  for (const { row, cells } of readCsv(text, REQUIRED)) {
    const problem = (field: string, message: string) => errors.push({ row, field, message });
    const day = readDay(cells.date);
    const platform = readPlatform(cells.platform ?? '');
    const campaign = (cells.campaign ?? '').trim();
    const currencyText = (cells.currency ?? '').trim().toUpperCase();
    const currency = KnownCurrencySchema.safeParse(currencyText);
    const clicks = readCount(cells.clicks);
    const impressions = readCount(cells.impressions);
    const before = errors.length;
    if (typeof day !== 'string') problem('date', day.error);
    else if (day > today)
      problem(
        'date',
        `${day} is in the future (today is ${today} in the shop's time zone); spend is imported once spent`,
      );
    if (typeof platform !== 'string') problem('platform', platform.error);
    if (campaign === '') problem('campaign', 'is empty; expected the campaign name');
    else if (campaign.length > MAX_CAMPAIGN_LENGTH)
      problem('campaign', `is longer than ${MAX_CAMPAIGN_LENGTH} characters`);
    if (!currency.success)
      problem(
        'currency',
        currencyText === ''
          ? 'is empty; expected an ISO 4217 code such as USD'
          : `"${currencyText}" is not a known ISO 4217 currency code`,
      );
    const spend = currency.success ? readAmount(cells.spend, currencyDigitsOf(currency.data)) : null;
    if (typeof spend === 'string') problem('spend', spend.replace('costs must', 'spend must'));
    if (typeof clicks !== 'number') problem('clicks', clicks.error);
    if (typeof impressions !== 'number') problem('impressions', impressions.error);
    if (
      errors.length > before ||
      typeof day !== 'string' ||
      typeof platform !== 'string' ||
      !currency.success ||
      typeof spend !== 'number' ||
      typeof clicks !== 'number' ||
      typeof impressions !== 'number'
    )
      continue;
    const key = JSON.stringify([platform, campaign, day]);
    const same = byKey.get(key);
    if (!same) {
      byKey.set(key, {
        row,
        date: day,
        platform,
        campaign,
        currency: currency.data,
        spendMinor: spend,
        clicks,
        impressions,
      });
    } else if (same.currency !== currency.data) {
      problem(
        'currency',
        `row ${same.row} gives this campaign's ${day} in ${same.currency}; one day has one currency`,
      );
    } else {
      same.spendMinor += spend;
      same.clicks += clicks;
      same.impressions += impressions;
    }
  }
  return { days: [...byKey.values()], errors };
}
