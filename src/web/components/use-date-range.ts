import { useState } from 'react';
import { type DateRangeCompare, type DateRangeValue, localToday, presetRange } from './date-range.ts';

/**
 * The state a page keeps for its DateRangePicker: `today` (fixed when the page opens, so presets
 * do not move under the owner) and the range, starting as the last 30 days with `compare`.
 */
export function useDateRange(compare: DateRangeCompare = 'none') {
  const [today] = useState(localToday);
  const [range, setRange] = useState<DateRangeValue>(() => ({
    preset: 'last30',
    ...presetRange('last30', today),
    compare,
  }));
  return { today, range, setRange };
}
