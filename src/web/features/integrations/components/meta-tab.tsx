import * as Collapsible from '@radix-ui/react-collapsible';
import { META_MESSAGES, validateMetaCredentials } from '@shared/contracts/credentials.ts';
import type { MetaDataTest } from '@shared/contracts/meta.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { ChevronDown } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  useDemoCredentials,
  useStoreMetaCredentials,
  useTestMetaAvailableData,
  useTestMetaConnection,
} from '../../../lib/integrations/use-integrations.ts';
import { serverMessage } from '../lib/error-text.ts';
import { MetaPermissionsHelpCard } from './meta-permissions-help-card.tsx';
import { MetaSetupForm } from './meta-setup-form.tsx';

/**
 * Profile's Meta tab (spec §2): setup or update-token form, tests, data test, static panels. The
 * permissions help card (whose fixed checklist says the token is valid and ads_read is missing)
 * shows only when the live test says exactly that, so the Meta area says one true thing.
 */
export function MetaTab({
  connected,
  adAccountId,
  permissionMissing,
}: {
  connected: boolean;
  adAccountId: string | null;
  permissionMissing: boolean;
}) {
  return (
    <div className="grid gap-6" data-testid="meta-tab">
      {connected ? <UpdateTokenForm adAccountId={adAccountId} /> : <MetaSetupForm />}
      {connected ? <AvailableDataTest /> : null}
      <PermissionPanels />
      {permissionMissing ? <MetaPermissionsHelpCard /> : null}
    </div>
  );
}

/** Toast title for a failed test: an invalid token (190) is not a missing permission (200). */
function failureTitle(tokenValid: boolean, permissionTitle: string): string {
  return tokenValid ? permissionTitle : 'Access Token Invalid or Expired';
}

function UpdateTokenForm({ adAccountId }: { adAccountId: string | null }) {
  const { toast } = useToast();
  const demo = useDemoCredentials().data;
  const update = useStoreMetaCredentials();
  const test = useTestMetaConnection();
  const [accessToken, setAccessToken] = useState('');
  const [account, setAccount] = useState(adAccountId ?? '');
  const [appSecret, setAppSecret] = useState('');

  useEffect(() => {
    if (adAccountId && account === '') setAccount(adAccountId);
  }, [adAccountId, account]);

  const prefilled = useRef(false);

  useEffect(() => {
    // Demo mode prefills the empty token and secret once (design §1); never persisted in the
    // browser. A field the owner clears stays empty.
    if (!demo || prefilled.current) return;
    prefilled.current = true;
    setAccessToken((current) => current || demo.meta.accessToken);
    setAppSecret((current) => current || demo.meta.appSecret);
  }, [demo]);

  const hint =
    accessToken.trim() !== '' && (!accessToken.trim().startsWith('EAA') || accessToken.trim().length < 200)
      ? 'Hint: Meta user tokens usually start with EAA and are 200+ characters long.'
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateMetaCredentials({ accessToken, adAccountId: account, appSecret });
    if (!checked.ok) {
      toast({
        title: META_MESSAGES.missingInformationUpdate.title,
        description: META_MESSAGES.missingInformationUpdate.description,
        variant: 'destructive',
      });
      return;
    }
    update.mutate(checked.value, {
      onSuccess: (result) => {
        if (result.isValid) {
          toast({ title: 'Token Updated Successfully', description: 'New token has ads_read permission!' });
          setAccessToken('');
          setAppSecret('');
        } else {
          toast({
            title: failureTitle(result.tokenValid, 'Token updated but may still need ads_read permission'),
            description: result.error ?? undefined,
            variant: 'destructive',
          });
        }
      },
      onError: (error) =>
        toast({
          title: 'Update Failed',
          description: serverMessage(error, 'Failed to update token'),
          variant: 'destructive',
        }),
    });
  };

  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: (result) =>
        result.isValid
          ? toast({
              title: 'Success!',
              description: 'Token has ads_read permission and can access advertising data',
            })
          : toast({
              title: failureTitle(result.tokenValid, 'Permission Still Missing'),
              description: result.error ?? undefined,
              variant: 'destructive',
            }),
      onError: (error) =>
        toast({
          title: 'Permission Still Missing',
          description: serverMessage(error, 'Connection test failed'),
          variant: 'destructive',
        }),
    });

  return (
    <Card data-testid="meta-update-token">
      <CardHeader>
        <CardTitle>Update Meta Access Token</CardTitle>
        <CardDescription>Paste a new token after granting ads_read, then test it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="meta-update-token">Access Token</Label>
            <Textarea
              id="meta-update-token"
              rows={3}
              placeholder="EAA..."
              value={accessToken}
              onChange={(e) => setAccessToken(e.target.value)}
              className="font-mono text-xs"
            />
            {hint ? <p className="text-xs text-amber-300">{hint}</p> : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="meta-update-account">Ad Account ID</Label>
            <Input id="meta-update-account" value={account} onChange={(e) => setAccount(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="meta-update-secret">App Secret</Label>
            <Input
              id="meta-update-secret"
              type="password"
              value={appSecret}
              onChange={(e) => setAppSecret(e.target.value)}
              autoComplete="off"
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Update Token'}
            </Button>
            <Button variant="outline" onClick={runTest} disabled={test.isPending}>
              {test.isPending ? 'Testing...' : 'Test'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function AccessFlag({ label, ok }: { label: string; ok: boolean }) {
  return (
    <div className="flex items-center justify-between rounded-md border border-slate-700 px-3 py-2 text-sm">
      <span className="text-slate-200">{label}</span>
      <Badge variant={ok ? 'success' : 'destructive'}>{ok ? 'Yes' : 'No'}</Badge>
    </div>
  );
}

function AvailableDataTest() {
  const { toast } = useToast();
  const dataTest = useTestMetaAvailableData();
  const [result, setResult] = useState<MetaDataTest | null>(null);

  const run = () =>
    dataTest.mutate(undefined, {
      onSuccess: (data) => {
        setResult(data);
        if (data.error) toast({ title: 'Test Failed', description: data.error, variant: 'destructive' });
        else toast({ title: 'Data Test Complete', description: 'See what this token can access below.' });
      },
      onError: () =>
        toast({ title: 'Error', description: 'Failed to test available data', variant: 'destructive' }),
    });

  const pages = result?.availableData.pages ?? [];
  return (
    <Card data-testid="meta-data-test">
      <CardHeader>
        <CardTitle>Available Meta Data</CardTitle>
        <CardDescription>Check which Meta data this token can read.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <Button variant="outline" onClick={run} disabled={dataTest.isPending}>
            {dataTest.isPending ? 'Testing...' : 'Test Available Meta Data'}
          </Button>
        </div>
        {result ? (
          <div className="grid gap-4" data-testid="meta-data-result">
            <div className="grid gap-2 sm:grid-cols-2">
              <AccessFlag label="User Profile" ok={result.summary.hasUserAccess} />
              <AccessFlag label="Page Data" ok={result.summary.hasPageAccess} />
              <AccessFlag label="Page Insights" ok={result.summary.hasInsightAccess} />
              <AccessFlag label="Ad Data" ok={result.summary.hasAdAccess} />
            </div>
            {result.availableData.user ? (
              <p className="text-sm text-slate-300">
                User: <span className="text-white">{result.availableData.user.name}</span> (
                {result.availableData.user.id})
              </p>
            ) : null}
            {pages.length > 0 ? (
              <div className="text-sm text-slate-300">
                <p className="mb-1">Pages:</p>
                <ul className="grid gap-1 pl-4">
                  {pages.slice(0, 3).map((page) => (
                    <li key={page.id}>
                      {page.name}
                      {page.category ? ` — ${page.category}` : ''}
                    </li>
                  ))}
                </ul>
                {pages.length > 3 ? (
                  <p className="pl-4 text-slate-400">...and {pages.length - 3} more</p>
                ) : null}
              </div>
            ) : null}
            {result.summary.hasInsightAccess ? (
              <p className="text-sm text-slate-300">Insights are readable for this ad account.</p>
            ) : (
              <p className="text-sm text-slate-400">Insights need read_insights (pages) or ads_read (ads).</p>
            )}
            {result.summary.adError ? (
              <p className="rounded-md border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-200">
                Ad data blocked: {result.summary.adError.error.message}
              </p>
            ) : null}
            <Collapsible.Root>
              <Collapsible.Trigger className="flex items-center gap-1 text-sm text-indigo-300">
                <ChevronDown aria-hidden="true" className="size-4" /> Raw data
              </Collapsible.Trigger>
              <Collapsible.Content>
                <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-slate-950/80 p-3 font-mono text-xs text-slate-200">
                  {JSON.stringify(result, null, 2)}
                </pre>
              </Collapsible.Content>
            </Collapsible.Root>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PermissionPanels() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>With read_insights</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-slate-300">
          <ul className="grid list-disc gap-1 pl-5">
            <li>Organic page insights (reach, engagement)</li>
            <li>Audience data and demographics of your pages</li>
            <li>No ad spending or campaign performance</li>
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>With ads_read / ads_management</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-slate-300">
          <ul className="grid list-disc gap-1 pl-5">
            <li>Ad spending and campaign performance</li>
            <li>ROAS and purchase attribution per campaign</li>
            <li>ads_management includes everything in ads_read</li>
          </ul>
          <p className="mt-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-xs text-amber-200">
            Known API error 200: 'Ad account owner has NOT grant ads_management or ads_read permission'
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
