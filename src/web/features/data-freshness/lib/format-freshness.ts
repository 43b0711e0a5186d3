import type { SyncQuota, SyncSourceStatus } from '@shared/contracts/sync.ts';

/** "just now", "5 min ago", "3 h ago", "2 days ago"; "Never" for null. */
export function formatTimeAgo(iso: string | null, now: Date): string {
  if (!iso) return 'Never';
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** Lag as a short duration: "45 s", "12 min", "3 h", "2 days"; an em dash before the first sync. */
export function formatLag(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

export function formatRows(rows: number): string {
  return new Intl.NumberFormat('en-US').format(rows);
}

/** "37 % of query cost points", or "1,234 tokens per day used" when the limit is unknown. */
export function formatQuota(quota: SyncQuota | null): string {
  if (!quota) return '—';
  if (quota.usedPercent !== null) return `${quota.usedPercent} % of ${quota.unit}`;
  return `${formatRows(quota.used)} ${quota.unit} used`;
}

export type StateTone = 'success' | 'warning' | 'destructive' | 'secondary';

/**
 * Badge text and tone for a source's state. "Up to date" only when the source is healthy: a
 * finished sync whose credentials since failed their test, or that is overdue, needs attention.
 */
export function describeState(source: SyncSourceStatus): { label: string; tone: StateTone } {
  if (!source.connected && source.state === 'never') return { label: 'Not connected', tone: 'secondary' };
  switch (source.state) {
    case 'running':
      return { label: 'Syncing', tone: 'warning' };
    case 'queued':
      return source.lastError
        ? { label: 'Retrying', tone: 'destructive' }
        : { label: 'Queued', tone: 'warning' };
    case 'failed':
      return { label: 'Failed', tone: 'destructive' };
    case 'succeeded':
      if (source.overdue) return { label: 'Overdue', tone: 'destructive' };
      return source.health.state === 'needs_attention'
        ? { label: 'Needs attention', tone: 'destructive' }
        : { label: 'Up to date', tone: 'success' };
    default:
      return source.health.state === 'needs_attention'
        ? { label: 'Needs attention', tone: 'destructive' }
        : { label: 'Not synced yet', tone: 'secondary' };
  }
}
