import type { RevenueForecast } from '@shared/contracts/analytics.ts';

/** Change against the previous period: "+12.3%", "−4.0%", or "—" when there was nothing to compare. */
export function formatChange(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return '—';
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${Math.abs(percent).toFixed(1)}%`;
}

/** Colour of a change: up is good for most KPIs, down is good for refunds and ad spend. */
export function changeTone(percent: number | null, higherIsBetter: boolean): 'good' | 'bad' | 'flat' {
  if (percent === null || !Number.isFinite(percent) || Math.abs(percent) < 0.05) return 'flat';
  return percent > 0 === higherIsBetter ? 'good' : 'bad';
}

/** "Nov 1 – Nov 30, 2026" for a range of shop-local days (formatted as calendar days, no time zone shift). */
export function formatDayRange(start: string, end: string): string {
  const day = (iso: string, withYear: boolean) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
    });
  return `${day(start, start.slice(0, 4) !== end.slice(0, 4))} – ${day(end, true)}`;
}

/** Attribution channel names as people say them. */
export function channelLabel(channel: string): string {
  const labels: Record<string, string> = {
    meta_ads: 'Meta ads',
    google_ads: 'Google ads',
    tiktok_ads: 'TikTok ads',
    google_organic: 'Organic search',
    email: 'Email',
    direct: 'Direct',
    referral: 'Referral',
  };
  return labels[channel] ?? channel.replaceAll('_', ' ');
}

export interface ForecastChartPoint {
  date: string;
  actual: number | null;
  forecast: number | null;
  band80: [number, number] | null;
  band95: [number, number] | null;
}

/**
 * The revenue chart's series: the last `historyDays` of daily revenue, then the next `horizon`
 * forecast days with their 80 % and 95 % intervals. The forecast line starts at the last actual
 * point so the two lines join.
 */
export function buildForecastChart(
  data: Pick<RevenueForecast, 'history' | 'forecast'>,
  historyDays = 90,
  horizon = 28,
): ForecastChartPoint[] {
  const history = data.history.slice(-historyDays);
  const points: ForecastChartPoint[] = history.map((p, i) => {
    const last = i === history.length - 1;
    return {
      date: p.date,
      actual: p.value,
      forecast: last ? p.value : null,
      band80: last ? [p.value, p.value] : null,
      band95: last ? [p.value, p.value] : null,
    };
  });
  for (const p of data.forecast.slice(0, horizon))
    points.push({
      date: p.date,
      actual: null,
      forecast: p.value,
      band80: [p.lo80, p.hi80],
      band95: [p.lo95, p.hi95],
    });
  return points;
}

/** Backtested accuracy as people read it: 100 − WAPE, in percent (design §6), or null when not measured. */
export function accuracyPercent(wape: number | null | undefined): number | null {
  if (wape === null || wape === undefined || !Number.isFinite(wape)) return null;
  return Math.max(0, 100 - wape);
}

/** Sum of the forecast's first `horizon` days with the summed 80 % bounds (a conservative range). */
export function forecastTotal(forecast: RevenueForecast['forecast'], horizon = 28) {
  const days = forecast.slice(0, horizon);
  return {
    value: days.reduce((sum, p) => sum + p.value, 0),
    lo80: days.reduce((sum, p) => sum + p.lo80, 0),
    hi80: days.reduce((sum, p) => sum + p.hi80, 0),
    days: days.length,
  };
}
