/** A model parameter or likelihood with 4 significant digits ("0.2426", "4.414", "−9582"). */
export function formatParam(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const text = abs >= 1000 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(4);
  return text.replace('-', '−');
}

/** Run duration in words: "850 ms", "12.3 s", "2 min 5 s". */
export function formatRunDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** An instant in the viewer's local time, e.g. "Nov 21, 2026, 14:05". */
export function formatInstant(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

/** Forecast model names as people read them ("ets(damped,additive)" → "ETS (damped trend, additive season)"). */
export function modelName(model: string): string {
  const ets = /^ets\((\w+),(\w+)\)$/.exec(model);
  if (ets) return `ETS (${ets[1] === 'none' ? 'no' : ets[1]} trend, ${ets[2]} weekly season)`;
  const names: Record<string, string> = {
    ensemble: 'Ensemble (ETS variants + weekday mean)',
    'ensemble+yearly': 'Ensemble with yearly seasonality',
    'last-year×growth': 'Last year × recent growth',
    'weekday-mean': 'Weekday mean (last 4 weeks)',
    'seasonal-naive': 'Seasonal naive (same weekday last week)',
  };
  return names[model] ?? model;
}

/**
 * Plain-words verdict of the forecast against its baseline: how much lower its WAPE is than the
 * seasonal-naive one (positive = better).
 */
export function improvementOverBaseline(model: number | null, baseline: number | null): number | null {
  if (model === null || baseline === null || baseline <= 0) return null;
  return (100 * (baseline - model)) / baseline;
}
