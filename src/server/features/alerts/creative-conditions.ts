import { readCreatives } from '../../domain/creatives/read-creatives.ts';
import type { CachedReads } from '../../http/deps.ts';
import type { AlertCondition } from './alert-condition.ts';

/**
 * Creative fatigue (issue #44, decision 121): one alert per ad the fatigue rule finds wearing out as
 * of the last complete shop day, over the same window and rule /creatives shows (the default last
 * 30 complete days; the rule reads the ad's whole history). It resolves when the rule no longer holds.
 */
export async function creativeFatigueConditions(
  reads: CachedReads,
  workspaceId: string,
  now: Date,
): Promise<AlertCondition[]> {
  const creatives = await readCreatives(reads, workspaceId, {}, now);
  return creatives
    .filter((creative) => creative.fatigue.state === 'wearing_out')
    .map((creative) => ({
      rule: 'creative-fatigue',
      // ids of two platforms may collide: another platform's ad is `platform:id` (as decision 128's campaigns)
      subject: creative.platform === 'meta' ? creative.adId : `${creative.platform}:${creative.adId}`,
      title: `Creative “${creative.name}” is wearing out`,
      detail: [
        `Since ${creative.fatigue.since ?? creative.to}: ${creative.fatigue.reason ?? 'frequency up while CTR falls'}.`,
        `Campaign ${creative.campaign}; ${creative.spend} ${creative.spendCurrency} spent from ${creative.from} to ${creative.to}.`,
        'Refresh the creative or rotate in a new one.',
      ].join(' '),
      link: '/creatives',
    }));
}
