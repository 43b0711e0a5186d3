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

export function planGoogleClicks(
  account: PlannedAdAccount,
  store: Pick<DemoStore, 'orders' | 'getOrder'>,
): PlannedClick[] {
  const typeOf = new Map(account.campaigns.map((c) => [c.id, c.type]));
  /** date → campaign id → ad group ids with a row that day */
  const delivered = new Map<string, Map<string, string[]>>();
  for (const day of account.days) {
    const campaigns = delivered.get(day.date) ?? new Map<string, string[]>();
    delivered.set(day.date, campaigns);
    campaigns.set(day.campaignId, [...(campaigns.get(day.campaignId) ?? []), day.adGroupId]);
  }
  const clicks: PlannedClick[] = [];
  const add = (landingUrl: string, startedAtMs: number) => {
    const click = clickOf(landingUrl);
    if (!click) return;
    const date = localDayOf(startedAtMs, account.timeZone);
    const campaigns = delivered.get(date);
    if (!campaigns) return;
    const shopping = click.utmCampaign?.toLowerCase().startsWith('shopping') ?? false;
    const all = [...campaigns.keys()];
    const fitting = all.filter((id) => SHOPPING_TYPES.has(typeOf.get(id) ?? '') === shopping);
    const pool = (fitting.length > 0 ? fitting : all).sort();
    const hash = hashString(click.gclid);
    const campaignId = pool[hash % pool.length]!;
    const groups = campaigns.get(campaignId)!;
    clicks.push({ gclid: click.gclid, date, campaignId, adGroupId: groups[(hash >>> 8) % groups.length]! });
  };
  for (let i = 0; i < store.orders.count; i += 1) {
    const site = store.getOrder(i).site;
    if (!site) continue;
    if (site.firstVisit) add(site.firstVisit.landingUrl, site.firstVisit.startedAtMs);
    add(site.landingUrl, site.startedAtMs);
  }
  return clicks;
}
