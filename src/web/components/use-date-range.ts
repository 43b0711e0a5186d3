import { useActiveTimeZone } from '@web/features/stores/api/store-queries.ts';
import { useState } from 'react';
import { type DateRangeCompare, type DateRangeValue, presetRange, shopToday } from './date-range.ts';

/**
 * The active store's today in its own time zone; null while the store list loads. A store with no
 * synced shop, or a list that failed to load, counts in the browser's day.
 */
function useActiveShopToday(): string | null {
  const timeZone = useActiveTimeZone();
  return timeZone === undefined ? null : shopToday(timeZone);
}

/**
 * The state a page keeps for its DateRangePicker: `today` (the shop's day, fixed once known when
 * the page opens, so presets do not move under the owner) and the range, starting as the last 30
 * days with `compare`. `ready` is false until the shop's day is known: pages read nothing before,
 * so a first request never asks for the browser's days.
 */
export function useDateRange(compare: DateRangeCompare = 'none') {
  const current = useActiveShopToday();
  const [today, setToday] = useState<string | null>(current);
  // Fixed the first time it is known (React's "adjust state while rendering" pattern, no effect).
  if (today === null && current !== null) setToday(current);
  const [chosen, setRange] = useState<DateRangeValue | null>(null);
  const day = today ?? current ?? shopToday(null);
  const range = chosen ?? { preset: 'last30', ...presetRange('last30', day), compare };
  return { today: day, range, setRange, ready: today !== null || current !== null };
}
