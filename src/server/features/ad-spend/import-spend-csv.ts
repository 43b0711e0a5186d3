import { localDayOf } from '../../../shared/calendar.ts';
import type { SpendImportResponse } from '../../../shared/contracts/ad-spend-import.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import { requireShop } from '../../domain/shop/read-shop.ts';
import type { AppDeps } from '../../http/deps.ts';
import { parseSpendCsv } from './parse-spend-csv.ts';
import { writeSpendDays } from './write-spend-days.ts';

/**
 * POST /api/ad-spend/import and a published sheet's fetch (issue #39 step 4, decision 105): the
 * CSV's good rows written (or, as a preview, judged) as campaign days, its bad rows named and
 * skipped. "Future" is after today in the shop's time zone. The campaign's name is its key within
 * a platform, so importing the same file again changes nothing.
 */

const MAX_ERRORS = 1000;
const MAX_ROWS = 500;

export async function importSpendCsv(
  deps: Pick<AppDeps, 'db' | 'env' | 'demo' | 'clock' | 'log'>,
  workspaceId: string,
  csv: string,
  options: { source: 'csv' | 'sheet'; dryRun: boolean },
): Promise<SpendImportResponse> {
  const shop = await requireShop(deps.db, workspaceId);
  const { days, errors } = parseSpendCsv(csv, localDayOf(deps.clock(), shop.timeZone));
  const actions = await writeSpendDays(
    deps,
    workspaceId,
    days.map((day) => ({
      platform: day.platform,
      date: day.date,
      campaignId: day.campaign,
      campaignName: day.campaign,
      currency: day.currency,
      spendMinor: day.spendMinor,
      clicks: day.clicks,
      impressions: day.impressions,
    })),
    options,
  );
  const count = (action: string) => actions.filter((each) => each === action).length;
  errors.sort((a, b) => a.row - b.row);
  return {
    inserted: count('insert'),
    updated: count('update'),
    unchanged: count('unchanged'),
    errors: errors.slice(0, MAX_ERRORS),
    errorCount: errors.length,
    dryRun: options.dryRun,
    rows: days.slice(0, MAX_ROWS).map((day, index) => ({
      row: day.row,
      date: day.date,
      platform: day.platform,
      campaign: day.campaign,
      spend: minorToDecimal(day.spendMinor, currencyDigitsOf(day.currency)),
      currency: day.currency,
      clicks: day.clicks,
      impressions: day.impressions,
      action: actions[index] ?? 'unchanged',
    })),
  };
}
