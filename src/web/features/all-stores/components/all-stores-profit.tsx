import { PROFIT_MAX_RANGE_DAYS } from '@shared/contracts/profit.ts';
import { CostCoverage } from '@web/components/cost-coverage.tsx';
import { DateRangePicker } from '@web/components/date-range-picker.tsx';
import { LoadingCards, ReadError } from '@web/components/page-states.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { ProfitStatementTable } from '@web/features/profit/components/profit-statement-table.tsx';
import { useAllStoresProfit } from '../api/all-stores-queries.ts';
import { AllStoresHeader } from './all-stores-header.tsx';
import { RatesPanel } from './rates-panel.tsx';

/**
 * The profit page's All-stores view: one P&L of every store, each store-day converted before it is
 * added, over a range from the date range picker every profit page shares, with the cost coverage
 * of all the stores' units beside it (issue #13: on every profit view).
 */
export function AllStoresProfit({ title }: { title: string }) {
  const { today, range, setRange } = useDateRange();
  const query = useAllStoresProfit(range.from, range.to);
  const data = query.data;
  return (
    <div className="space-y-6" data-testid="all-stores-profit">
      <AllStoresHeader title={title}>
        <DateRangePicker
          value={range}
          onChange={setRange}
          today={today}
          maxDays={PROFIT_MAX_RANGE_DAYS}
          comparable={false}
        />
      </AllStoresHeader>
      {query.error ? <ReadError error={query.error} /> : null}
      {!data ? (
        <LoadingCards count={2} />
      ) : (
        <>
          <CostCoverage variant="card" coverage={data.coverage} />
          <Card>
            <CardContent className="pt-6">
              <ProfitStatementTable report={data} />
            </CardContent>
          </Card>
          <RatesPanel {...data} />
        </>
      )}
    </div>
  );
}
