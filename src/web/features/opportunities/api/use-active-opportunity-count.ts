/**
 * Number of active revenue opportunities, shown on the Opportunities menu item and the notification bell
 * (spec §2). The opportunities endpoint does not exist yet, so this returns 0 and both badges stay hidden;
 * the opportunities feature replaces this body with a read of GET /api/opportunities (polled every 30 s,
 * spec §9) and keeps the signature.
 */
export function useActiveOpportunityCount(): number {
  return 0;
}
