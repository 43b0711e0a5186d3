import { useActiveTimeZone } from '@web/lib/stores/store-queries.ts';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  type DateRangeCompare,
  type DateRangeValue,
  presetRange,
  rangeFromSearch,
  searchWithRange,
  shopToday,
} from './date-range.ts';

/** Where the last chosen range is kept for the tab, so it follows the owner from page to page. */
const STORAGE_KEY = 'upside.dateRange';

/**
 * The active store's today in its own time zone; null while the store list loads. A store with no
 * synced shop, or a list that failed to load, counts in the browser's day.
 */
function useActiveShopToday(): { today: string | null; timeZone: string | null | undefined } {
  const timeZone = useActiveTimeZone();
  return { today: timeZone === undefined ? null : shopToday(timeZone), timeZone };
}

function storedRange(today: string): DateRangeValue | null {
  try {
    return rangeFromSearch(window.sessionStorage.getItem(STORAGE_KEY) ?? '', today);
  } catch {
    return null;
  }
}

function storeRange(range: DateRangeValue): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, searchWithRange('', range));
  } catch {
    // Storage refused (private mode): the address still carries the range.
  }
}

/**
 * The range a page reports over (issue #36), one for every analytics page: the address's
 * `from`/`to`/`compare` (shareable), else the range last chosen in this tab (it survives moving
 * between pages, and is written into the address), else the last 30 complete shop days with
 * `compare`. `today` is the shop's day, fixed once known when the page opens, so presets do not
 * move under the owner; `ready` is false until it is known, so a first request never asks for the
 * browser's days. `timeZone` is the shop's (null: none synced; undefined: still loading).
 */
export function useDateRange(compare: DateRangeCompare = 'none') {
  const { today: current, timeZone } = useActiveShopToday();
  const [today, setToday] = useState<string | null>(current);
  // Fixed the first time it is known (React's "adjust state while rendering" pattern, no effect).
  if (today === null && current !== null) setToday(current);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const day = today ?? current ?? shopToday(null);
  const inAddress = rangeFromSearch(search, day);
  const kept = inAddress ? null : storedRange(day);
  const range = inAddress ?? kept ?? { preset: 'last30', ...presetRange('last30', day), compare };
  const keptSearch = kept ? searchWithRange(search, kept) : null;
  // A range carried over from another page goes into this page's address too.
  useEffect(() => {
    if (keptSearch !== null) navigate(`${location}?${keptSearch}`, { replace: true });
  }, [keptSearch, location, navigate]);
  const setRange = (next: DateRangeValue) => {
    storeRange(next);
    navigate(`${location}?${searchWithRange(search, next)}`, { replace: true });
  };
  return { today: day, timeZone, range, setRange, ready: today !== null || current !== null };
}
