import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { CheckCircle2, Circle, XCircle } from 'lucide-react';
import { useMetaDebug } from '../../../lib/integrations/use-integrations.ts';

function Row({ state, children }: { state: 'ok' | 'missing' | 'unknown'; children: string }) {
  const Icon = state === 'ok' ? CheckCircle2 : state === 'missing' ? XCircle : Circle;
  const colour =
    state === 'ok' ? 'text-emerald-300' : state === 'missing' ? 'text-rose-300' : 'text-slate-500';
  return (
    <li className="flex items-center gap-2 text-sm text-slate-200">
      <Icon aria-hidden="true" className={`size-4 ${colour}`} />
      {children}
    </li>
  );
}

/**
 * Meta setup status box (spec §2): token validity and the ads_read permission, from the live test.
 * An invalid token (Meta error 190) is never reported as a missing permission (error 200).
 */
export function MetaSetupStatus({ connected }: { connected: boolean }) {
  const debug = useMetaDebug(connected);
  const test = debug.data?.connectionTest;
  return (
    <Card data-testid="meta-setup-status">
      <CardHeader>
        <CardTitle>Meta Setup Status</CardTitle>
      </CardHeader>
      <CardContent>
        {!connected ? (
          <p className="text-sm text-slate-400">Meta Marketing API is not connected yet.</p>
        ) : debug.isLoading ? (
          <p className="text-sm text-slate-400">Checking your Meta token...</p>
        ) : (
          <ul className="grid gap-2">
            <Row state={test?.tokenValid ? 'ok' : test ? 'missing' : 'unknown'}>
              {test?.tokenValid ? 'Access token valid' : 'Access token invalid or expired'}
            </Row>
            <Row state={test?.hasAdsRead ? 'ok' : test?.tokenValid ? 'missing' : 'unknown'}>
              {test?.hasAdsRead
                ? 'ads_read permission granted'
                : test?.tokenValid
                  ? 'Permission ads_read missing'
                  : 'Permission ads_read not checked: the token must be valid first'}
            </Row>
            {test?.error ? <p className="text-xs text-slate-400">{test.error}</p> : null}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
