import type {
  CohortFigures,
  CustomerListQuery,
  CustomerSort,
  LifetimeDiagnostics,
} from '@shared/contracts/customers.ts';

/** The list's URL: only the parameters that differ from the API's defaults, in a stable order. */
export function customerListUrl(query: CustomerListQuery): string {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== 25) params.set('pageSize', String(query.pageSize));
  if (query.sort !== 'clv') params.set('sort', query.sort);
  if (query.direction !== 'desc') params.set('direction', query.direction);
  if (query.q) params.set('q', query.q);
  if (query.segment) params.set('segment', query.segment);
  if (query.period) params.set('period', query.period);
  if (query.from && query.to) {
    params.set('from', query.from);
    params.set('to', query.to);
  }
  const search = params.toString();
  return search ? `/api/customers?${search}` : '/api/customers';
}

export const SORT_LABELS: Record<CustomerSort, string> = {
  clv: '12-month CLV',
  churn: 'Churn risk',
  lastOrder: 'Last order',
  revenue: 'Revenue',
};

/** Probability 0–1 as a whole percent; a dash when the model could not say. */
export function formatProbability(p: number | null): string {
  return p === null || !Number.isFinite(p) ? '—' : `${Math.round(p * 100)}%`;
}

/** Percent 0–100 with one decimal. */
export function formatShare(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** Segment growth against 30 days earlier; 'new' when the segment was empty then. */
export function formatGrowth(growthRate: number | null): string {
  if (growthRate === null || !Number.isFinite(growthRate)) return 'new';
  return `${growthRate >= 0 ? '+' : '−'}${Math.abs(growthRate).toFixed(1)}%`;
}

/** Design §6: with too few repeat customers the page says so instead of showing churn and CLV. */
export function tooLittleDataText(lifetime: LifetimeDiagnostics): string | null {
  if (lifetime.status !== 'insufficient_data') return null;
  const have =
    lifetime.repeatCustomers === null ? 'too few' : lifetime.repeatCustomers.toLocaleString('en-US');
  return `Too little data for churn and lifetime value: ${have} repeat customers, at least ${lifetime.minimumRepeatCustomers.toLocaleString('en-US')} are needed for the models to say anything reliable.`;
}

/** "0.2426" style: 4 significant digits, enough to compare fits across runs. */
export function formatParameter(value: number): string {
  return Number(value.toPrecision(4)).toString();
}

/** RFM segments whose growth means customers slipping away: their growth is bad for the store. */
const DECLINING_SEGMENTS = new Set([
  'Need Attention',
  'About To Sleep',
  'At Risk',
  "Can't Lose Them",
  'Hibernating',
  'Lost',
]);

/** RFM segments whose growth means more engaged customers: their growth is good for the store. */
const ENGAGED_SEGMENTS = new Set([
  'Champions',
  'Loyal Customers',
  'Potential Loyalist',
  'New Customers',
  'Promising',
]);

export type SignalTone = 'good' | 'bad' | 'flat';

/**
 * Whether a segment's change in size is good for the store (issue #20.5): more Champions is good,
 * more At Risk or Lost customers is bad, a shrinking one the other way round; no change, a new
 * segment or a neutral one ('Others') is flat.
 */
export function segmentGrowthTone(segment: string, growthRate: number | null): SignalTone {
  if (growthRate === null || !Number.isFinite(growthRate) || Math.abs(growthRate) < 0.05) return 'flat';
  const growing = growthRate > 0;
  if (ENGAGED_SEGMENTS.has(segment)) return growing ? 'good' : 'bad';
  if (DECLINING_SEGMENTS.has(segment)) return growing ? 'bad' : 'good';
  return 'flat';
}

/** Text colour of a signal tone. */
export const SIGNAL_TONE_CLASS: Record<SignalTone, string> = {
  good: 'text-emerald-300',
  bad: 'text-red-300',
  flat: 'text-slate-300',
};

/** A cohort's CAC payback in words: months, "not yet", or why there is no figure. */
export function formatPayback(row: Pick<CohortFigures, 'payback' | 'paybackMonths'>): string {
  switch (row.payback) {
    case 'paid_back':
      return row.paybackMonths === 1 ? '1 month' : `${row.paybackMonths} months`;
    case 'not_yet':
      return 'not yet';
    case 'no_spend':
      return 'no tracked spend';
    case 'too_few_customers':
      return 'too few customers';
  }
}

/** LTV:CAC as "2.35 : 1"; a dash without a CAC. */
export function formatLtvToCac(ratio: number | null): string {
  return ratio === null ? '—' : `${ratio.toFixed(2)} : 1`;
}
