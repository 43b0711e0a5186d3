import { CONNECTION_BADGES, type ConnectionHealth } from '@shared/contracts/connection-health.ts';
import { Badge } from '@web/components/ui/badge.tsx';

const NOT_CONNECTED: ConnectionHealth = { state: 'not_connected', reason: null, fix: null };

/** Connected / Needs attention / Not Connected, from the server's health judgement. */
export function ConnectionBadge({
  health,
  testId,
}: {
  health: ConnectionHealth | undefined;
  testId?: string;
}) {
  const state = (health ?? NOT_CONNECTED).state;
  return (
    <Badge
      data-testid={testId}
      variant={state === 'connected' ? 'success' : state === 'needs_attention' ? 'warning' : 'secondary'}
    >
      {CONNECTION_BADGES[state]}
    </Badge>
  );
}

/** The reason and the fix under a badge that needs attention; nothing otherwise. */
export function ConnectionAttention({
  health,
  testId,
}: {
  health: ConnectionHealth | undefined;
  testId?: string;
}) {
  if (health?.state !== 'needs_attention') return null;
  return (
    <div className="grid gap-1 text-sm" data-testid={testId} role="status">
      <p className="text-amber-200">{health.reason}</p>
      <p className="text-slate-300">{health.fix}</p>
    </div>
  );
}
