import type { OrderJourney } from './types.ts';

/**
 * A text that is equal for two journeys exactly when every field the attribution rule reads is
 * equal: what orders are grouped by (`groupOrderFacts`, and the warehouse reader merging the
 * database's groups after classifying them).
 *
 * @example journeyKey({ lastChannel: 'email', firstChannel: null, utmCampaign: 'Spring', firstCampaign: null })
 *   // '["email",null,"Spring",null]'
 */
export function journeyKey(journey: OrderJourney): string {
  return JSON.stringify([
    journey.lastChannel,
    journey.firstChannel,
    journey.utmCampaign,
    journey.firstCampaign,
  ]);
}
