import type { AuditEntry } from '@shared/contracts/members.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { ScrollText } from 'lucide-react';
import { useAuditLog } from '../api/use-members.ts';

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  'credentials.changed': 'Changed credentials',
  'credentials.removed': 'Removed credentials',
  'api-token.created': 'Created an API token',
  'api-token.revoked': 'Revoked an API token',
  'costs.changed': 'Edited costs',
  'costs.recalculated': 'Recalculated costs',
  'products.lead-time-changed': 'Changed a lead time',
  'export.downloaded': 'Exported data',
  'data.deleted': 'Deleted data',
  'member.invited': 'Invited a member',
  'member.joined': 'Joined',
  'member.changed': 'Changed a member',
  'member.removed': 'Removed a member',
  'invitation.revoked': 'Withdrew an invitation',
  'store.created': 'Added a store',
};

/**
 * The "what" of an entry in words: a member change says before → after, a cost edit the old and
 * new unit cost and its day, a recalculation the lines it changed; other details as given.
 */
function describe(entry: AuditEntry): string {
  const { before, after } = entry.details as {
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  };
  if (before && after)
    return Object.keys(after)
      .filter((key) => before[key] !== after[key])
      .map((key) => `${key}: ${String(before[key])} → ${String(after[key])}`)
      .join(', ');
  const d = entry.details;
  if (entry.action === 'costs.changed' && 'newCost' in d)
    return `unit cost ${String(d.oldCost ?? 'none')} → ${String(d.newCost)} ${String(d.currency ?? '')} from ${String(d.effectiveFrom)}`;
  if (entry.action === 'costs.recalculated')
    return `${String(d.linesChanged)} of ${String(d.linesRecalculated)} lines changed (asked ${String(d.requestedAt)})`;
  const { role } = entry.details as { role?: string };
  return role ? `role ${role}` : '';
}

/** /settings/audit-log (issue #17): sensitive actions, who, when and what; owners and admins. */
export function AuditLogPage() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight text-white">
          <ScrollText aria-hidden="true" className="size-7 text-indigo-300" /> Audit log
        </h1>
        <p className="mt-1 text-slate-300">
          Credential changes, cost edits, member and role changes, exports and deletions in this workspace.
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          {log.isLoading ? (
            <div className="grid gap-3" data-testid="loading">
              <Skeleton className="h-6 w-full" />
              <Skeleton className="h-6 w-full" />
              <Skeleton className="h-6 w-full" />
            </div>
          ) : log.error ? (
            <ReadError error={log.error} />
          ) : entries.length === 0 ? (
            <p className="text-sm text-slate-400" data-testid="audit-empty">
              Nothing recorded yet.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-slate-400">
                  <tr>
                    <th className="py-2 pr-3 font-medium">When</th>
                    <th className="py-2 pr-3 font-medium">Who</th>
                    <th className="py-2 pr-3 font-medium">What</th>
                    <th className="py-2 pr-3 font-medium">On</th>
                    <th className="py-2 font-medium">Details</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-800 text-slate-200">
                  {entries.map((entry) => (
                    <tr key={entry.id} data-testid="audit-entry">
                      <td className="py-2 pr-3 whitespace-nowrap">{new Date(entry.at).toLocaleString()}</td>
                      <td className="py-2 pr-3">{entry.actor ?? 'Upside'}</td>
                      <td className="py-2 pr-3">{ACTION_LABELS[entry.action]}</td>
                      <td className="py-2 pr-3 break-all">
                        {entry.target ?? ''}
                        {entry.storeName ? (
                          <span className="text-slate-400"> · {entry.storeName}</span>
                        ) : null}
                      </td>
                      <td className="py-2 text-slate-400">{describe(entry)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {log.hasNextPage ? (
            <Button
              className="mt-4"
              variant="outline"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              Load more
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
