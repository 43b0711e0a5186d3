import type { ProfitInputLines } from '../../../core/profit/derive-profit-lines.ts';
import { type ProfitDay, summarizeProfitDays } from '../../../core/profit/summarize-profit-days.ts';
import type { AllStoresProfit } from '../../../shared/contracts/all-stores.ts';
import type { ProfitQuery } from '../../../shared/contracts/profit.ts';
import { comparisonRange } from '../../../shared/day-range.ts';
import { loadRateConverter, type RateConverter } from '../../domain/currency/rate-converter.ts';
import { readProfitDays, readReportContext } from '../../domain/profit/profit-queries.ts';
import { addExpenses, toWire } from '../../domain/profit/read-profit-report.ts';
import { refreshProfitRollup } from '../../domain/profit/refresh-profit-rollup.ts';
import type { CachedReads } from '../../http/deps.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { conversionOf, judgeStores, readTeamStores, type TeamStore } from './team-stores.ts';

/** The P&L input lines, each converted on its own (the derived lines are computed after, from these). */
const MONEY_LINES = [
  'grossSales',
  'discounts',
  'returns',
  'shippingCharges',
  'taxes',
  'cogs',
  'cogsEstimated',
  'shipping',
  'paymentFees',
  'marketing',
  'expenses',
] as const satisfies ReadonlyArray<keyof ProfitInputLines | 'cogsEstimated'>;

/**
 * GET /api/all-stores/profit: the P&L of `/api/profit` over the team's stores, in the reporting
 * currency (decision 067). Each store's day (its rollup and expenses, exactly as its own report
 * reads them) is converted line by line at that day's rate, the converted days are added up per
 * day, and the report is summarized from them — so every subtotal adds up exactly, as for one store.
 */
export async function readAllStoresProfit(
  reads: CachedReads,
  principal: SessionPrincipal,
  query: ProfitQuery,
): Promise<AllStoresProfit> {
  const { reportingCurrency, stores } = await readTeamStores(reads.db, principal.teamId);
  const compared = query.compare ? comparisonRange(query.from, query.to, query.compare) : null;
  const first = compared?.from ?? query.from;
  const converter = await loadRateConverter(
    reads.db,
    principal.teamId,
    reportingCurrency,
    stores.flatMap((store) => (store.currency ? [store.currency] : [])),
    first,
    query.to,
  );
  const { summed, listed } = judgeStores(stores, converter, first);
  const storeDays = await Promise.all(
    summed.map((store) => readStoreProfitDays(reads, store, first, query.to)),
  );
  const byDay = new Map<string, ProfitDay>();
  for (const [index, days] of storeDays.entries()) {
    const store = summed[index];
    if (!store) continue;
    for (const day of days) addConverted(byDay, day, store, converter);
  }
  const days = [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
  const digits = converter.digits;
  const period = (from: string, to: string) =>
    toWire(summarizeProfitDays(days, from, to, query.granularity), from, to, digits);
  return {
    ...conversionOf(converter, listed),
    hasData: summed.length > 0,
    currency: reportingCurrency,
    timeZone: null,
    granularity: query.granularity,
    ...period(query.from, query.to),
    ...(compared && query.compare
      ? { comparison: { compare: query.compare, ...period(compared.from, compared.to) } }
      : {}),
  };
}

/** One store's days of `from`..`to` with its expenses, its rollup brought up to date first. */
async function readStoreProfitDays(reads: CachedReads, store: TeamStore, from: string, to: string) {
  const context = await readReportContext(reads.db, store.id);
  await refreshProfitRollup(reads, store.id, context.versions);
  return addExpenses(await readProfitDays(reads.db, store.id, from, to), context.expenses, from, to);
}

/** Adds a store's day, converted line by line, to the team's day. */
function addConverted(
  byDay: Map<string, ProfitDay>,
  day: ProfitDay,
  store: TeamStore,
  converter: RateConverter,
) {
  const total = byDay.get(day.day) ?? {
    day: day.day,
    grossSales: 0,
    discounts: 0,
    returns: 0,
    shippingCharges: 0,
    taxes: 0,
    cogs: 0,
    cogsEstimated: 0,
    shipping: 0,
    paymentFees: 0,
    marketing: 0,
    expenses: 0,
    unitsSold: 0,
    unitsWithCost: 0,
  };
  for (const line of MONEY_LINES) {
    total[line] += converter.convert(store.currency ?? '', store.digits, day.day, day[line]) ?? 0;
  }
  total.unitsSold += day.unitsSold;
  total.unitsWithCost += day.unitsWithCost;
  byDay.set(day.day, total);
}
