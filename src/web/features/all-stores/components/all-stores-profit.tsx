import { addDays } from '@shared/calendar.ts';
import { LoadingCards, ReadError } from '@web/components/page-states.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { ProfitStatementTable } from '@web/features/profit/components/profit-statement-table.tsx';
import { useState } from 'react';
import { useAllStoresProfit } from '../api/all-stores-queries.ts';
import { AllStoresHeader } from './all-stores-header.tsx';
import { RatesPanel } from './rates-panel.tsx';

const yesterday = () => addDays(new Date().toISOString().slice(0, 10), -1);

/** The profit page's All-stores view: one P&L of every store, each store-day converted before it is added. */
export function AllStoresProfit({ title }: { title: string }) {
  const [to, setTo] = useState(yesterday);
  const [from, setFrom] = useState(() => addDays(yesterday(), -29));
  const query = useAllStoresProfit(from, to);
  const data = query.data;
  return (
    <div className="space-y-6" data-testid="all-stores-profit">
      <AllStoresHeader title={title}>
        <div className="flex items-end gap-2">
          <div className="space-y-1">
            <Label htmlFor="all-profit-from">From</Label>
            <Input
              id="all-profit-from"
              type="date"
              value={from}
              onChange={(e) => e.target.value && setFrom(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="all-profit-to">To</Label>
            <Input
              id="all-profit-to"
              type="date"
              value={to}
              onChange={(e) => e.target.value && setTo(e.target.value)}
            />
          </div>
        </div>
      </AllStoresHeader>
      {query.error ? <ReadError error={query.error} /> : null}
      {!data ? (
        <LoadingCards count={2} />
      ) : (
        <>
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
