import { THRESHOLD_METRIC_LABELS, type ThresholdMetric } from './contracts/notifications.ts';
import type { TeamRole } from './contracts/stores.ts';

/**
 * What each role of a workspace may do (issue #17 item 2, decision 055). Every API route declares
 * one of these permissions in its `config.access` (server/http/route-permissions.ts) and one hook checks it against the
 * caller's role before the route runs; the SPA reads the same map to hide what the caller cannot do.
 *
 * - `read`: every member — every page's data (cost and profit figures need `costs:read` as well).
 * - `analyze`: implement opportunities, run experiments, confirm forecast closures.
 * - `connections`: credentials, sync and analysis runs, tracked websites, API tokens, alerts.
 * - `costs:read`: the cost and profit pages and exports; also needs the member's "can see costs".
 * - `costs:write`: cost edits (also needs "can see costs").
 * - `members`: invite, change and remove members; add stores.
 * - `audit`: read the audit log.
 */
export const PERMISSIONS = [
  'read',
  'analyze',
  'connections',
  'costs:read',
  'costs:write',
  'members',
  'audit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<TeamRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set(PERMISSIONS),
  analyst: new Set<Permission>(['read', 'analyze', 'costs:read']),
  viewer: new Set<Permission>(['read', 'costs:read']),
};

/**
 * What a member joining with `role` sees until an owner or admin changes it (issue #36): a viewer
 * sees no costs, profit or customers' personal data unless granted; the other roles do.
 */
export function defaultVisibility(role: TeamRole): { canSeeCosts: boolean; canSeePersonalData: boolean } {
  const granted = role !== 'viewer';
  return { canSeeCosts: granted, canSeePersonalData: granted };
}

/** The member's standing as the permission check needs it. */
export interface MemberStanding {
  role: TeamRole;
  canSeeCosts: boolean;
}

/** True when a member with this role and switches may use a route that needs `permission`. */
export function allows(member: MemberStanding, permission: Permission): boolean {
  if (!ROLE_PERMISSIONS[member.role].has(permission)) return false;
  if (permission === 'costs:read' || permission === 'costs:write') return member.canSeeCosts;
  return true;
}

/** Alert metrics that are cost or profit figures: hidden, with their alerts, from members without cost access. */
const COST_METRICS = ['contributionMargin', 'netProfit', 'cac'] as const satisfies readonly ThresholdMetric[];

export const isCostMetric = (metric: ThresholdMetric) => (COST_METRICS as readonly string[]).includes(metric);

/** An alert's title or a delivery's subject starts with its metric's label (alerts/threshold-rules.ts). */
export const mentionsCostMetric = (text: string) =>
  COST_METRICS.some((metric) => text.includes(THRESHOLD_METRIC_LABELS[metric]));
