import { z } from 'zod';

/**
 * How a connected source is doing, as the owner should read it (badges on /profile, the
 * data-freshness panel): 'connected' only when the latest connection test or sync succeeded and
 * syncs keep to their schedule; otherwise 'needs_attention' with the reason and the fix.
 */
export const ConnectionHealthSchema = z.object({
  state: z.enum(['connected', 'needs_attention', 'not_connected']),
  /** Why it needs attention, one sentence; null when connected or not connected. */
  reason: z.string().nullable(),
  /** What the owner can do about it, one sentence; null when connected or not connected. */
  fix: z.string().nullable(),
});
export type ConnectionHealth = z.infer<typeof ConnectionHealthSchema>;

/** The badge text for a health state. */
export const CONNECTION_BADGES: Readonly<Record<ConnectionHealth['state'], string>> = {
  connected: 'Connected',
  needs_attention: 'Needs attention',
  not_connected: 'Not Connected',
};
