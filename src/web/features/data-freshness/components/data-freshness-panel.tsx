import type { SyncSourceStatus } from '@shared/contracts/sync.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { errorSentence } from '@web/lib/api-error.ts';
import { RefreshCw } from 'lucide-react';
import { useRunSync, useSyncStatus } from '../../../lib/sync/use-sync-status.ts';
import { describeState, formatLag, formatQuota, formatRows, formatTimeAgo } from '../lib/format-freshness.ts';

function SourceRow({ source, now }: { source: SyncSourceStatus; now: Date }) {
  const state = describeState(source);
  const health = source.health;
  return (
    <li
      className="grid gap-2 rounded-lg border border-slate-700/60 p-4"
      data-testid={`freshness-${source.source}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-white">{source.label}</span>
        <Badge variant={state.tone}>{state.label}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-400">Last sync</dt>
          <dd className="text-slate-100" title={source.lastSyncAt ?? undefined}>
            {formatTimeAgo(source.lastSyncAt, now)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Rows</dt>
          <dd className="text-slate-100">{formatRows(source.rows)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Lag</dt>
          <dd className="text-slate-100">{formatLag(source.lagSeconds)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Quota used</dt>
          <dd className="text-slate-100">{formatQuota(source.quota)}</dd>
        </div>
      </dl>
      {source.connected ? (
        <p className="text-sm text-slate-300" data-testid={`freshness-delivery-${source.source}`}>
          {source.delivery.mode === 'webhooks'
            ? 'Live: new data arrives by webhooks within seconds; the scheduled sync reconciles.'
            : `Polling: ${source.delivery.reason ?? 'new data arrives with the scheduled sync.'}`}
        </p>
      ) : null}
      {source.lastError ? (
        <p className="text-sm text-rose-300" role="status">
          Last error{source.lastErrorAt ? ` (${formatTimeAgo(source.lastErrorAt, now)})` : ''}:{' '}
          {source.lastError}
          {source.lastSyncAt ? ' The data from the last successful sync is still shown.' : ''}
        </p>
      ) : null}
      {health.state === 'needs_attention' ? (
        <p className="text-sm text-amber-200" data-testid={`freshness-attention-${source.source}`}>
          {source.lastError && health.reason?.includes(source.lastError) ? '' : `${health.reason} `}
          {health.fix}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Data freshness on /profile: per source, the last successful sync, warehouse rows, lag, quota
 * used and the last error, with "Sync now" (queues a sync of every connected source).
 */
export function DataFreshnessPanel() {
  const { toast } = useToast();
  const status = useSyncStatus();
  const runSync = useRunSync();
  const now = status.data ? new Date(status.data.checkedAt) : new Date();
  const anyConnected = status.data?.sources.some((source) => source.connected) ?? false;
  const busy = status.data?.sources.some((source) => source.running) ?? false;

  const syncNow = () =>
    runSync.mutate(
      {},
      {
        onSuccess: (result) => toast({ title: 'Sync Started', description: result.message }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorSentence(error, 'Failed to start the sync'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card data-testid="data-freshness-panel">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>Data freshness</CardTitle>
          <CardDescription>
            {status.data
              ? `Synced automatically every ${status.data.intervalMinutes} minutes.`
              : 'How current the synced store, analytics and ad data is.'}
          </CardDescription>
        </div>
        <Button onClick={syncNow} disabled={runSync.isPending || !anyConnected} data-testid="sync-now">
          <RefreshCw aria-hidden="true" className={busy || runSync.isPending ? 'animate-spin' : undefined} />
          {runSync.isPending ? 'Starting sync...' : 'Sync now'}
        </Button>
      </CardHeader>
      <CardContent>
        {status.isLoading ? <p className="text-sm text-slate-400">Loading data freshness...</p> : null}
        {status.error ? <p className="text-sm text-rose-300">Could not load the sync status.</p> : null}
        {status.data ? (
          <ul className="grid gap-3">
            {status.data.sources.map((source) => (
              <SourceRow key={source.source} source={source} now={now} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
