import { ReadError } from '@web/components/page-states.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useDataRequestExports } from '../api/today-queries.ts';

/**
 * Profile: the exports Shopify's customers/data_request webhooks produced. The owner downloads
 * one (JSON of everything Upside holds on that customer) and sends it to the customer.
 */
export function DataRequestsPanel() {
  const exports = useDataRequestExports();
  return (
    <Card data-testid="data-requests-panel">
      <CardHeader>
        <CardTitle>Customer data requests</CardTitle>
        <CardDescription>
          When a customer asks your store for their data, Shopify tells Upside and an export of what Upside
          holds on them appears here. Erasure requests are applied automatically.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {exports.isError ? <ReadError error={exports.error} /> : null}
        {exports.isPending ? <p className="text-sm text-slate-400">Loading…</p> : null}
        {exports.data && exports.data.exports.length === 0 ? (
          <p className="text-sm text-slate-400">No data requests so far.</p>
        ) : null}
        {exports.data && exports.data.exports.length > 0 ? (
          <ul className="grid gap-2 text-sm">
            {exports.data.exports.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-slate-200">
                  Customer {item.customerId} · {new Date(item.createdAt).toLocaleString()}
                </span>
                <a
                  className="text-emerald-300 underline"
                  href={`/api/compliance/data-requests/${item.id}`}
                  download={`customer-data-${item.customerId}.json`}
                >
                  Download JSON
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
