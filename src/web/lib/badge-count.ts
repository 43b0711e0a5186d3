import { NOTIFICATION_BADGE_CAP } from '@shared/ui-constants.ts';

/**
 * Text of a count badge (notification bell, Opportunities menu item): nothing at 0 or below so the badge
 * hides, the number up to the cap, then '9+' (spec §9).
 */
export function formatBadgeCount(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  const whole = Math.floor(count);
  if (whole <= 0) return null;
  return whole > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(whole);
}
