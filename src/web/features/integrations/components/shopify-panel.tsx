import type { ConnectionHealth } from '@shared/contracts/connection-health.ts';
import { validateShopifyCredentials } from '@shared/contracts/credentials.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { Lock, ShieldCheck, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  useDemoCredentials,
  useRemoveShopifyCredentials,
  useShopifyCredentials,
  useStoreShopifyCredentials,
} from '../../../lib/integrations/use-integrations.ts';
import { readableError, serverMessage } from '../lib/error-text.ts';
import { ConnectionBadge } from './connection-badge.tsx';
import { ShopifyScopesCard } from './shopify-scopes-card.tsx';
import { ShopifySetupSteps } from './shopify-setup-steps.tsx';

/**
 * 'Secure Shopify Integration' (spec §2, issue 38): store credentials (a Dev Dashboard app's client
 * ID and secret, or an existing app's access token), view masked, the granted scopes, remove.
 */
export function ShopifyPanel({
  connected,
  health,
}: {
  connected: boolean;
  health: ConnectionHealth | undefined;
}) {
  const { toast } = useToast();
  const demo = useDemoCredentials().data;
  const detail = useShopifyCredentials(connected);
  const store = useStoreShopifyCredentials();
  const remove = useRemoveShopifyCredentials();
  const [accessToken, setAccessToken] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  /** With an access token, the API secret key is optional: it verifies webhooks (live data). */
  const [liveSecret, setLiveSecret] = useState('');
  const [shopDomain, setShopDomain] = useState('');

  const prefilled = useRef(false);

  useEffect(() => {
    // Demo mode prefills the empty fields once, on first load (design §1); a field the owner
    // clears stays empty, so the spec's validation messages still apply.
    if (!demo || prefilled.current) return;
    prefilled.current = true;
    setShopDomain((value) => value || demo.shopify.shopDomain);
    setAccessToken((value) => value || demo.shopify.accessToken);
    setLiveSecret((value) => value || demo.shopify.apiSecret);
  }, [demo]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateShopifyCredentials({
      accessToken,
      apiKey,
      apiSecret: accessToken.trim() !== '' ? liveSecret : apiSecret,
      shopDomain,
    });
    if (!checked.ok) {
      toast({ title: checked.title, description: checked.description, variant: 'destructive' });
      return;
    }
    store.mutate(checked.value, {
      onSuccess: (result) => {
        if (!result.success) {
          toast({ title: 'Credentials not saved', description: result.message, variant: 'destructive' });
        } else if (result.isValid) {
          toast({ title: 'Credentials Stored', description: result.message });
          setAccessToken('');
          setApiKey('');
          setApiSecret('');
          setLiveSecret('');
        } else {
          toast({
            title: 'Credentials saved but connection test failed',
            description: result.message.replace(/^Credentials saved but connection test failed: /, ''),
            variant: 'destructive',
          });
        }
      },
      onError: (error) =>
        toast({
          title: 'Failed to Store Credentials',
          description: serverMessage(error, 'Failed to store Shopify credentials'),
          variant: 'destructive',
        }),
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Credentials Removed',
          description: 'Shopify credentials have been securely removed',
        }),
      onError: (error) =>
        toast({
          title: 'Failed to Remove Credentials',
          description: readableError(error, 'Failed to remove credentials'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="grid gap-6" data-testid="shopify-panel">
      <Card>
        <CardHeader>
          <div className="flex items-center justify-between gap-3">
            <CardTitle className="flex items-center gap-2">
              <ShieldCheck aria-hidden="true" className="size-5 text-emerald-300" />
              Secure Shopify Integration
            </CardTitle>
            <ConnectionBadge health={health} />
          </div>
          <CardDescription>
            Your credentials are encrypted with AES-256 before they are stored.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {connected ? (
            <div className="grid gap-4">
              {detail.isLoading ? (
                <p className="text-sm text-slate-400">Loading stored credentials...</p>
              ) : null}
              {detail.data ? (
                <dl className="grid gap-3 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="text-slate-400">Shop Domain</dt>
                    <dd className="font-mono text-slate-100" data-testid="shopify-domain">
                      {detail.data.shopDomain}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-400">Client ID (API key)</dt>
                    <dd className="font-mono text-slate-100">{detail.data.api_key ?? '—'}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-400">Client secret</dt>
                    <dd className="font-mono text-slate-100">{detail.data.api_secret ?? '—'}</dd>
                  </div>
                  {detail.data.access_token ? (
                    <div>
                      <dt className="text-slate-400">Access Token</dt>
                      <dd className="font-mono text-slate-100">{detail.data.access_token}</dd>
                    </div>
                  ) : null}
                  {!detail.data.isValid && detail.data.lastError ? (
                    <p className="text-amber-300 sm:col-span-2">
                      Connection test failed: {detail.data.lastError}
                    </p>
                  ) : null}
                </dl>
              ) : null}
              <div>
                <Button variant="destructive" onClick={onRemove} disabled={remove.isPending}>
                  <Trash2 aria-hidden="true" />
                  Remove Credentials
                </Button>
              </div>
            </div>
          ) : (
            <form className="grid gap-5" onSubmit={submit} noValidate>
              <div className="grid gap-2">
                <Label htmlFor="shopify-shop-domain">Shop Domain</Label>
                <Input
                  id="shopify-shop-domain"
                  placeholder="your-store.myshopify.com"
                  value={shopDomain}
                  onChange={(e) => setShopDomain(e.target.value)}
                  autoComplete="off"
                />
              </div>
              <fieldset className="grid gap-3 rounded-lg border border-emerald-500/30 p-4">
                <legend className="px-1 text-sm font-semibold text-emerald-300">
                  Option 1: Client ID and Client Secret (Dev Dashboard app, recommended)
                </legend>
                <div className="grid gap-2">
                  <Label htmlFor="shopify-api-key">Client ID</Label>
                  <Input
                    id="shopify-api-key"
                    value={apiKey}
                    onChange={(e) => setApiKey(e.target.value)}
                    autoComplete="off"
                  />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="shopify-api-secret">Client Secret</Label>
                  <Input
                    id="shopify-api-secret"
                    type="password"
                    value={apiSecret}
                    onChange={(e) => setApiSecret(e.target.value)}
                    autoComplete="off"
                  />
                </div>
              </fieldset>
              <fieldset className="grid gap-2 rounded-lg border border-slate-600 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-200">
                  Option 2: Admin API Access Token (an existing custom app)
                </legend>
                <Label htmlFor="shopify-access-token">Access Token</Label>
                <Input
                  id="shopify-access-token"
                  type="password"
                  placeholder="shpat_..."
                  value={accessToken}
                  onChange={(e) => setAccessToken(e.target.value)}
                  autoComplete="off"
                />
                <Label htmlFor="shopify-live-secret">API Secret Key (optional, turns on live data)</Label>
                <Input
                  id="shopify-live-secret"
                  type="password"
                  placeholder="shpss_..."
                  value={liveSecret}
                  onChange={(e) => setLiveSecret(e.target.value)}
                  autoComplete="off"
                />
                <p className="text-xs text-slate-400">
                  Shopify signs its webhooks with your app’s API secret key. With it, new orders reach Upside
                  within seconds; without it, Upside syncs every 15 minutes.
                </p>
              </fieldset>
              <div>
                <Button type="submit" disabled={store.isPending}>
                  <Lock aria-hidden="true" />
                  {store.isPending ? 'Storing & Encrypting...' : 'Store Credentials Securely'}
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>

      <ShopifyScopesCard connected={connected} />
      <ShopifySetupSteps />
    </div>
  );
}
