/**
 * GET /{version}/act_{id}/ads (issue #44): the account's ads with field expansion of their creative,
 * `fields=id,name,campaign_id,creative{id,thumbnail_url,…}` as the Graph API takes it. An ad whose
 * creative was deleted upstream comes without `creative`; a creative without a thumbnail without
 * `thumbnail_url` (the Graph API leaves out fields it has no value for).
 */
import type { FastifyRequest } from 'fastify';
import { formatZoned } from '../../calendar.ts';
import type { MetaAd } from '../../meta-model.ts';
import type { GraphContext } from './graph-context.ts';
import { GraphError, param, parseFields } from './graph-request.ts';

const AD_FIELDS = [
  'account_id',
  'adset_id',
  'campaign_id',
  'configured_status',
  'created_time',
  'creative',
  'effective_status',
  'id',
  'name',
  'status',
];
const CREATIVE_FIELDS = [
  'body',
  'call_to_action_type',
  'id',
  'image_url',
  'name',
  'object_type',
  'thumbnail_url',
  'title',
  'video_id',
];

/** Splits `a,creative{x,y},b` into the top-level fields and the creative's expanded fields. */
function splitExpansion(raw: string | undefined): { top: string | undefined; creative: string[] } {
  if (raw === undefined) return { top: undefined, creative: ['id'] };
  const match = /creative\{([^}]*)\}/.exec(raw);
  const creative = match
    ? match[1]!
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : ['id'];
  for (const f of creative) {
    if (!CREATIVE_FIELDS.includes(f))
      throw new GraphError(
        `(#100) Tried accessing nonexisting field (${f}) on node type (AdCreative)`,
        100,
        'OAuthException',
      );
  }
  return { top: match ? raw.replace(match[0], 'creative') : raw, creative };
}

export function listAds(ctx: GraphContext, request: FastifyRequest) {
  const { store, account, accountNumericId, pageOf } = ctx;
  const { top, creative: creativeFields } = splitExpansion(param(request, 'fields'));
  const fields = parseFields(top, AD_FIELDS, 'Ad', ['id']);
  const view = (ad: MetaAd) => {
    const campaign = store.meta.campaigns[ad.campaignIndex]!;
    const c = ad.creative;
    const creative: Record<string, unknown> | undefined = c
      ? {
          id: c.id,
          name: c.name,
          title: c.title,
          body: c.body,
          call_to_action_type: c.callToActionType,
          object_type: ad.format === 'video' ? 'VIDEO' : 'PHOTO',
          thumbnail_url: c.thumbnailUrl ?? undefined,
          image_url: c.imageUrl ?? undefined,
          video_id: c.videoId ?? undefined,
        }
      : undefined;
    const all: Record<string, unknown> = {
      id: ad.id,
      name: ad.name,
      account_id: accountNumericId,
      adset_id: ad.adsetId,
      campaign_id: campaign.id,
      status: campaign.status,
      configured_status: campaign.status,
      effective_status: campaign.status === 'ACTIVE' ? 'ACTIVE' : 'CAMPAIGN_PAUSED',
      created_time: formatZoned(account.timezoneName, ad.createdAtMs).replace(/:(\d{2})$/, '$1'),
      creative: creative
        ? Object.fromEntries(
            creativeFields.filter((f) => creative[f] !== undefined).map((f) => [f, creative[f]]),
          )
        : undefined,
    };
    const out: Record<string, unknown> = { id: ad.id };
    for (const f of fields) if (all[f] !== undefined) out[f] = all[f];
    return out;
  };
  return pageOf(request, store.meta.ads.map(view), 25);
}
