import { validateMetaCredentials } from '@shared/contracts/credentials.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  AdAccountStorageSchema,
  useDemoCredentials,
  useStoreMetaCredentials,
} from '../../../lib/integrations/use-integrations.ts';
import { readableError } from '../lib/error-text.ts';

/**
 * Browser storage key of the Meta setup form. Only the ad account id is kept there: access tokens
 * and app secrets never touch localStorage (design §5, a deliberate departure from the spec).
 */
export const META_FORM_STORAGE_KEY = 'upside.meta-credentials';

function readStoredAdAccount(): string {
  try {
    const parsed = AdAccountStorageSchema.safeParse(
      JSON.parse(localStorage.getItem(META_FORM_STORAGE_KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data.adAccountId : '';
  } catch {
    return '';
  }
}

/** Meta Marketing API setup form (spec §2). */
export function MetaSetupForm() {
  const { toast } = useToast();
  const demo = useDemoCredentials().data;
  const store = useStoreMetaCredentials({
    onSuccess: (result) => {
      if (result.isValid) {
        toast({ title: 'Meta API Connected', description: 'Successfully connected to Meta Marketing API' });
        setAccessToken('');
        setAppSecret('');
      } else {
        toast({
          title: 'Connection Failed',
          description: result.error ?? 'Invalid Meta API credentials',
          variant: 'destructive',
        });
      }
    },
    onError: (error) =>
      toast({ title: 'Error', description: readableError(error, 'Request failed'), variant: 'destructive' }),
  });
  const [accessToken, setAccessToken] = useState('');
  const [adAccountId, setAdAccountId] = useState(readStoredAdAccount);
  const [appSecret, setAppSecret] = useState('');
  const [showInstructions, setShowInstructions] = useState(false);

  const prefilled = useRef(false);

  useEffect(() => {
    // Demo mode: empty fields only, once; a field the owner clears stays empty.
    if (!demo || prefilled.current) return;
    prefilled.current = true;
    setAccessToken((current) => current || demo.meta.accessToken);
    setAppSecret((current) => current || demo.meta.appSecret);
    setAdAccountId((current) => current || demo.meta.adAccountId);
  }, [demo]);

  useEffect(() => {
    localStorage.setItem(META_FORM_STORAGE_KEY, JSON.stringify({ adAccountId }));
  }, [adAccountId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateMetaCredentials({ accessToken, adAccountId, appSecret });
    if (!checked.ok) {
      toast({ title: checked.title, description: checked.description, variant: 'destructive' });
      return;
    }
    store.mutate(checked.value);
  };

  return (
    <Card data-testid="meta-setup-form">
      <CardHeader>
        <CardTitle>Meta Marketing API</CardTitle>
        <CardDescription>
          Connect your ad account to see spend, campaigns and social revenue attribution.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="meta-setup-token">Access Token</Label>
            <Input
              id="meta-setup-token"
              type="password"
              placeholder="EAA..."
              value={accessToken}
              onChange={(e) => setAccessToken(e.target.value)}
              autoComplete="off"
              required
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="meta-setup-account">Ad Account ID</Label>
            <Input
              id="meta-setup-account"
              placeholder="act_1234567890"
              value={adAccountId}
              onChange={(e) => setAdAccountId(e.target.value)}
              required
            />
            <p className="text-xs text-slate-400">Format: starts with act_</p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="meta-setup-secret">App Secret</Label>
            <Input
              id="meta-setup-secret"
              type="password"
              value={appSecret}
              onChange={(e) => setAppSecret(e.target.value)}
              autoComplete="off"
              required
            />
          </div>
          <div>
            <Button variant="link" size="sm" onClick={() => setShowInstructions((v) => !v)}>
              {showInstructions ? 'Hide setup instructions' : 'Show setup instructions'}
            </Button>
            {showInstructions ? (
              <ol className="mt-2 grid list-decimal gap-1 pl-5 text-sm text-slate-300">
                <li>Create an app at developers.facebook.com with the Marketing API product.</li>
                <li>Generate a user or system-user access token with ads_read.</li>
                <li>
                  Copy your ad account id (act_…) from Ads Manager and the app secret from App Settings →
                  Basic.
                </li>
              </ol>
            ) : null}
          </div>
          <div>
            <h4 className="mb-1 text-sm font-semibold text-slate-200">What you'll get</h4>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-300">
              <li>Campaign performance metrics</li>
              <li>Audience insights and demographics</li>
              <li>Attribution tracking for social campaigns</li>
              <li>Revenue attribution from social advertising</li>
            </ul>
          </div>
          <div>
            <Button type="submit" disabled={store.isPending}>
              {store.isPending ? 'Connecting...' : 'Connect Meta Marketing API'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
