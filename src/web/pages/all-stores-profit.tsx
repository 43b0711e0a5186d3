import { CostCoverage } from '@web/components/cost-coverage.tsx';
import { LoadingCards, ReadError } from '@web/components/page-states.tsx';
import { ProfitRangePicker } from '@web/components/profit-range-picker.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { ProfitStatementTable } from '@web/features/profit/components/profit-statement-table.tsx';
import { useAllStoresProfit } from '../features/all-stores/api/all-stores-queries.ts';
import { AllStoresHeader } from '../features/all-stores/components/all-stores-header.tsx';
import { RatesPanel } from '../features/all-stores/components/rates-panel.tsx';

/**
 * The profit page's All-stores view: one P&L of every store, each store-day converted before it is
 * added, over a range from the date range picker every profit page shares, with the cost coverage
 * of all the stores' units beside it (issue #13: on every profit view).
 */
export function AllStoresProfit({ title }: { title: string }) {
  const dates = useDateRange();
  const { range } = dates;
  const query = useAllStoresProfit(range.from, range.to, dates.ready);
  const data = query.data;
  return (
    <div className="space-y-6" data-testid="all-stores-profit">
      <AllStoresHeader title={title}>
        <ProfitRangePicker state={dates} />
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
