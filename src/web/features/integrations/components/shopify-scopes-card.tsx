import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { RefreshCw } from 'lucide-react';
import { useShopifyScopes } from '../../../lib/integrations/use-integrations.ts';
import { readableError } from '../lib/error-text.ts';

/** The connected app's scopes: what is missing and what breaks without it, and how far back orders reach. */
export function ShopifyScopesCard({ connected }: { connected: boolean }) {
  const scopes = useShopifyScopes(connected);
  if (!connected) return null;
  const data = scopes.data;
  return (
    <Card data-testid="shopify-scopes">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle>Access scopes</CardTitle>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => scopes.refetch()}
            disabled={scopes.isFetching}
          >
            <RefreshCw aria-hidden="true" />
            {scopes.isFetching ? 'Checking...' : 'Check scopes'}
          </Button>
        </div>
        <CardDescription>What the Shopify app may read, as Shopify reports it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {scopes.error ? (
          <p className="text-amber-300">{readableError(scopes.error, 'Could not read the scopes')}</p>
        ) : null}
        {data ? (
          <>
            {data.missing.length === 0 ? (
              <p className="text-emerald-300">Every scope Upside needs is granted.</p>
            ) : (
              <ul className="grid gap-2" data-testid="shopify-missing-scopes">
                {data.missing.map((m) => (
                  <li key={m.scope} className="text-amber-300">
                    <span className="font-mono">{m.scope}</span> is missing: {m.effect}
                  </li>
                ))}
              </ul>
            )}
            <p className="text-slate-300" data-testid="shopify-order-history">
              {data.orderHistory.message}
            </p>
            <p className="text-xs text-slate-400">
              Granted: <span className="font-mono">{data.granted.join(', ') || 'none'}</span>
            </p>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
