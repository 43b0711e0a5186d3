import { SHOPIFY_SCOPES } from '@shared/shopify-scopes.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { Copy } from 'lucide-react';

const SCOPE_LIST = SHOPIFY_SCOPES.map((need) => need.scope).join(',');

/**
 * 'How to Get Your Shopify API Credentials' as Shopify works in 2026 (issue 38,
 * contracts/external-apis-2.md §4): apps come from the Dev Dashboard and authenticate with client
 * credentials; the scopes are exactly those Upside reads, each with why.
 */
export function ShopifySetupSteps() {
  const { toast } = useToast();
  const copy = () =>
    navigator.clipboard
      .writeText(SCOPE_LIST)
      .then(() => toast({ title: 'Scopes copied', description: SCOPE_LIST }))
      .catch(() => toast({ title: 'Copy failed', description: SCOPE_LIST, variant: 'destructive' }));
  return (
    <Card data-testid="shopify-setup-steps">
      <CardHeader>
        <CardTitle>How to Get Your Shopify API Credentials</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm text-slate-300">
        <ol className="grid list-decimal gap-2 pl-5">
          <li>
            Open the Shopify Dev Dashboard (dev.shopify.com/dashboard) with the account that owns your store
            and create an app, for example “Upside”. Since 2026-01-01 new custom apps can no longer be created
            in the Shopify admin.
          </li>
          <li>
            Create a version of the app and give it exactly these read-only scopes (nothing is ever written to
            your store):
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code className="min-w-0 max-w-full break-all rounded bg-slate-900 px-2 py-1 font-mono text-xs text-slate-100">
                {SCOPE_LIST}
              </code>
              <Button type="button" variant="outline" size="sm" onClick={copy}>
                <Copy aria-hidden="true" />
                Copy scopes
              </Button>
            </div>
          </li>
          <li>Release the version and install the app on your store.</li>
          <li>
            In the app’s Settings copy the Client ID and the Client secret into Option 1 above, with your shop
            domain. Upside trades them for an access token (valid 24 hours, renewed automatically); the secret
            also verifies Shopify’s webhooks.
          </li>
          <li>
            For live data, run Upside on a public https address (PUBLIC_URL): Upside registers its order and
            refund webhooks itself and removes them when you disconnect. Without it, Upside syncs every 15
            minutes.
          </li>
        </ol>
        <table className="w-full text-left text-xs">
          <caption className="mb-1 text-left text-sm font-semibold text-slate-200">Why each scope</caption>
          <thead>
            <tr className="text-slate-400">
              <th className="py-1 pr-3 font-medium">Scope</th>
              <th className="py-1 font-medium">Why Upside needs it</th>
            </tr>
          </thead>
          <tbody>
            {SHOPIFY_SCOPES.map((need) => (
              <tr key={need.scope} className="border-t border-slate-800 align-top">
                <td className="py-1 pr-3 font-mono text-slate-100">{need.scope}</td>
                <td className="py-1">{need.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-xs text-slate-400">
          Upside runs no ShopifyQL reports, so it does not ask for read_reports or read_analytics. An existing
          custom app’s Admin API access token (shpat_…) still works: use Option 2.
        </p>
      </CardContent>
    </Card>
  );
}
