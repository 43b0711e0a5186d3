import { type SQL, sql } from 'drizzle-orm';
import { validOrderOf } from './metric-window.ts';

/**
 * The valid orders (alias `o`) joined to a tracker session (alias `s`) whose click id the platform
 * named as one of its campaigns (alias `cm`: ad_click_matches, decision 120 — Google's click_view
 * for a gclid; TikTok and Meta name no campaign for a click id). A `FROM … WHERE …` fragment:
 * /campaigns' click-id columns and the analysis' campaign credit (decision 128) read the same join.
 */
export function clickMatchedOrders(workspaceId: string): SQL {
  return sql`FROM tracking_order_journeys j
    JOIN wh_orders o ON o.workspace_id = j.workspace_id AND o.order_id = j.order_id
    JOIN tracking_sessions s ON s.configuration_id = j.configuration_id AND s.session_id = j.session_id
    JOIN ad_click_matches cm ON cm.workspace_id = j.workspace_id AND cm.platform = 'google_ads'
      AND cm.click_id = s.gclid AND cm.campaign_id IS NOT NULL
    WHERE j.workspace_id = ${workspaceId}::uuid AND ${validOrderOf(workspaceId)}`;
}
