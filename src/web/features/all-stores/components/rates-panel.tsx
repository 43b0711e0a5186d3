import type { AllStoresStore, RateUsed } from '@shared/contracts/all-stores.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useStores } from '@web/lib/stores/store-queries.ts';
import { type FormEvent, useState } from 'react';
import {
  useEnterRate,
  useExchangeRates,
  useFetchRates,
  useSetReportingCurrency,
} from '../api/all-stores-queries.ts';

const SOURCE_LABEL = { ecb: 'ECB', manual: 'Entered by hand' } as const;

/** "20 Nov" or "21–22 Nov 2026": the days converted at one rate. */
const dayRange = (from: string, to: string) => (from === to ? from : `${from} – ${to}`);

/**
 * What every All-stores page shows under its figures (issue #17 item 1): the stores summed (or
 * not, and why), the rounding rule, the source of every rate used (ECB or by hand, and its day),
 * and for owners and admins "Fetch now" and a form to enter a rate by hand; owners pick the
 * reporting currency.
 */
export function RatesPanel({
  reportingCurrency,
  stores,
  rates,
  conversionRule,
}: {
  reportingCurrency: string;
  stores: AllStoresStore[];
  rates: RateUsed[];
  conversionRule: string;
}) {
  const role = useStores().data?.role;
  const canEdit = role === 'owner' || role === 'admin';
  return (
    <Card data-testid="all-stores-rates">
      <CardHeader>
        <CardTitle className="text-base">Stores and exchange rates</CardTitle>
        <CardDescription>
          Summed in {reportingCurrency}. {conversionRule}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <ul className="space-y-1" data-testid="all-stores-store-list">
          {stores.map((store) => (
            <li key={store.storeId} className="flex flex-wrap items-center gap-2">
              <span className="text-white">{store.name}</span>
              <span className="text-slate-400">{store.currency ?? 'no shop yet'}</span>
              {store.included ? (
                <Badge variant="success">summed</Badge>
              ) : (
                <span className="text-amber-300">Not summed: {store.reason}</span>
              )}
            </li>
          ))}
        </ul>
        {role === 'owner' ? <ReportingCurrencyForm current={reportingCurrency} /> : null}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs" data-testid="rates-used">
            <thead className="text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Currency</th>
                <th className="py-1 pr-3 font-medium">Days converted</th>
                <th className="py-1 pr-3 font-medium">Rate (per 1 EUR)</th>
                <th className="py-1 pr-3 font-medium">Rate of</th>
                <th className="py-1 font-medium">Source</th>
              </tr>
            </thead>
            <tbody>
              {rates.length === 0 ? (
                <tr>
                  <td colSpan={5} className="py-2 text-slate-400">
                    No conversion was needed.
                  </td>
                </tr>
              ) : (
                rates.map((rate) => (
                  <tr
                    key={`${rate.currency}/${rate.from}`}
                    className="border-t border-slate-800"
                    data-testid="rate-used"
                  >
                    <td className="py-1 pr-3 text-white">{rate.currency}</td>
                    <td className="py-1 pr-3">{dayRange(rate.from, rate.to)}</td>
                    <td className="py-1 pr-3 tabular-nums">{rate.rate}</td>
                    <td className="py-1 pr-3">
                      {rate.rateDate}
                      {rate.rateDate < rate.from ? (
                        <span className="text-slate-400"> (last published before these days)</span>
                      ) : null}
                    </td>
                    <td className="py-1">{SOURCE_LABEL[rate.source]}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <FeedStatus canEdit={canEdit} />
      </CardContent>
    </Card>
  );
}

function FeedStatus({ canEdit }: { canEdit: boolean }) {
  const status = useExchangeRates();
  const fetchNow = useFetchRates();
  const feed = status.data;
  return (
    <div className="space-y-3 border-t border-slate-800 pt-3" data-testid="rate-feed">
      <p className="text-slate-300">
        ECB reference rates stored up to {feed?.latestEcbDate ?? '—'}
        {feed?.lastError ? (
          <span className="text-amber-300" role="status">
            {' '}
            · Last fetch failed: {feed.lastError}. Enter the rates you need by hand.
          </span>
        ) : null}
      </p>
      {canEdit ? (
        <>
          <Button size="sm" variant="outline" disabled={fetchNow.isPending} onClick={() => fetchNow.mutate()}>
            {fetchNow.isPending ? 'Fetching…' : 'Fetch ECB rates now'}
          </Button>
          <ManualRateForm />
        </>
      ) : null}
    </div>
  );
}

function ManualRateForm() {
  const enter = useEnterRate();
  const [date, setDate] = useState('');
  const [currency, setCurrency] = useState('');
  const [rate, setRate] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enter.mutate({ date, currency: currency.trim().toUpperCase(), rate: rate.trim() });
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit} data-testid="manual-rate-form">
      <div className="space-y-1">
        <Label htmlFor="rate-date">Day</Label>
        <Input id="rate-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
      </div>
      <div className="space-y-1">
        <Label htmlFor="rate-currency">Currency</Label>
        <Input
          id="rate-currency"
          className="w-24"
          placeholder="USD"
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          required
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="rate-value">Units per 1 EUR</Label>
        <Input
          id="rate-value"
          className="w-32"
          inputMode="decimal"
          placeholder="1.0856"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          required
        />
      </div>
      <Button type="submit" size="sm" disabled={enter.isPending}>
        Enter rate
      </Button>
      {enter.error ? (
        <p role="alert" className="w-full text-red-300">
          {errorSentence(enter.error, 'Could not save the rate')}
        </p>
      ) : null}
    </form>
  );
}

function ReportingCurrencyForm({ current }: { current: string }) {
  const change = useSetReportingCurrency();
  const [code, setCode] = useState(current);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(code.trim().toUpperCase());
      }}
    >
      <div className="space-y-1">
        <Label htmlFor="reporting-currency">Reporting currency</Label>
        <Input
          id="reporting-currency"
          className="w-24"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={change.isPending}>
        Change
      </Button>
      {change.error ? (
        <p role="alert" className="w-full text-red-300">
          {errorSentence(change.error, 'Could not change the reporting currency')}
        </p>
      ) : null}
    </form>
  );
}
