import { PROFIT_MAX_RANGE_DAYS } from '@shared/contracts/profit.ts';
import { DateRangePicker } from './date-range-picker.tsx';
import type { useDateRange } from './use-date-range.ts';

/**
 * The date range picker every profit view shares (issue #13): the range kept by `useDateRange`,
 * at most PROFIT_MAX_RANGE_DAYS long; `comparable` offers a comparison period (the P&L only).
 */
export function ProfitRangePicker({
  state,
  comparable = false,
}: {
  state: ReturnType<typeof useDateRange>;
  comparable?: boolean;
}) {
  return (
    <DateRangePicker
      value={state.range}
      onChange={state.setRange}
      today={state.today}
      maxDays={PROFIT_MAX_RANGE_DAYS}
      comparable={comparable}
    />
  );
}
