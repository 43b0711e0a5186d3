/**
 * The demo Google Ads account's clicks that `click_view` answers (issue #39 step 6, decision 120):
 * one per demo storefront session whose landing URL carries a gclid (plan-site-visit.ts plants
 * `gclid=Cj0K…` on the sessions of Google-ads visits), each named to one campaign and ad group of
 * the demo account with spend on the click's day (in the account's time zone). A visit tagged
 * `Shopping – All Products` goes to a Shopping or Performance Max campaign, any other to a Search
 * campaign, when one spent that day; otherwise to any campaign that did. The choice hashes the
 * gclid (no random stream is drawn), so no planted figure moves. A gclid on a day the account
 * spent nothing gets no click (the platform knows no such click).
 */
import { localDayOf } from '../../shared/calendar.ts';
import type { DemoStore } from '../model.ts';
import { hashString } from '../prng.ts';
import type { PlannedAdAccount } from './plan-ad-platforms.ts';

export interface PlannedClick {
  gclid: string;
  /** the account's day of the click */
  date: string;
  campaignId: string;
  adGroupId: string;
}

const SHOPPING_TYPES = new Set(['SHOPPING', 'PERFORMANCE_MAX']);

/** The gclid and utm_campaign of a landing URL, or null without a gclid. */
function clickOf(landingUrl: string): { gclid: string; utmCampaign: string | null } | null {
  const params = new URL(landingUrl).searchParams;
  const gclid = params.get('gclid');
  return gclid ? { gclid, utmCampaign: params.get('utm_campaign') } : null;
}

/** What a click's campaign and ad group are chosen from: each day's delivered ad groups per campaign. */
export interface GoogleClickIndex {
  timeZone: string;
  typeOf: Map<string, string>;
  /** date → campaign id → ad group ids with a row that day */
  delivered: Map<string, Map<string, string[]>>;
}

export function googleClickIndex(account: PlannedAdAccount): GoogleClickIndex {
  const delivered = new Map<string, Map<string, string[]>>();
  for (const day of account.days) {
    const campaigns = delivered.get(day.date) ?? new Map<string, string[]>();
    delivered.set(day.date, campaigns);
    campaigns.set(day.campaignId, [...(campaigns.get(day.campaignId) ?? []), day.adGroupId]);
  }
  return {
    timeZone: account.timeZone,
    typeOf: new Map(account.campaigns.map((c) => [c.id, c.type])),
    delivered,
  };
}

/** The campaign and ad group of one click (its gclid, instant and utm_campaign); null on a day without spend. */
export function googleClickTarget(
  index: GoogleClickIndex,
  gclid: string,
  atMs: number,
  utmCampaign: string | null,
): PlannedClick | null {
  const date = localDayOf(atMs, index.timeZone);
  const campaigns = index.delivered.get(date);
  if (!campaigns) return null;
  const shopping = utmCampaign?.toLowerCase().startsWith('shopping') ?? false;
  const all = [...campaigns.keys()];
  const fitting = all.filter((id) => SHOPPING_TYPES.has(index.typeOf.get(id) ?? '') === shopping);
  const pool = (fitting.length > 0 ? fitting : all).sort();
  const hash = hashString(gclid);
  const campaignId = pool[hash % pool.length]!;
  const groups = campaigns.get(campaignId)!;
  return { gclid, date, campaignId, adGroupId: groups[(hash >>> 8) % groups.length]! };
}

export function planGoogleClicks(
  account: PlannedAdAccount,
  store: Pick<DemoStore, 'orders' | 'getOrder'>,
): PlannedClick[] {
  const index = googleClickIndex(account);
  const clicks: PlannedClick[] = [];
  const add = (landingUrl: string, startedAtMs: number) => {
    const click = clickOf(landingUrl);
    const target = click && googleClickTarget(index, click.gclid, startedAtMs, click.utmCampaign);
    if (target) clicks.push(target);
  };
  for (let i = 0; i < store.orders.count; i += 1) {
    const site = store.getOrder(i).site;
    if (!site) continue;
    if (site.firstVisit) add(site.firstVisit.landingUrl, site.firstVisit.startedAtMs);
    add(site.landingUrl, site.startedAtMs);
  }
  return clicks;
}
