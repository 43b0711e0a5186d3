/** The GA4 property's daily facts, derived from pass 1's aggregates, the Meta delivery and the TikTok clicks. */
import { parseIsoDay } from '../calendar.ts';
import { COUNTRIES } from '../catalog.ts';
import type { MetaDailyRow } from '../meta-model.ts';
import type { Ga4Facts } from '../model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import { type Ctx, GA4_CHANNELS } from './context.ts';
import { assignGa4Campaigns } from './ga4-campaigns.ts';
import type { Ga4TikTokInputs } from './ga4-tiktok.ts';

const SOURCE_MEDIA: Ga4Facts['sourceMedia'] = [
  { source: 'facebook', medium: 'paid_social', channelGroup: 'Paid Social' },
  { source: 'google', medium: 'cpc', channelGroup: 'Paid Search' },
  { source: 'google', medium: 'organic', channelGroup: 'Organic Search' },
  { source: 'klaviyo', medium: 'email', channelGroup: 'Email' },
  { source: '(direct)', medium: '(none)', channelGroup: 'Direct' },
  { source: 'theeverydaykitchen.example', medium: 'referral', channelGroup: 'Referral' },
  { source: 'bing', medium: 'organic', channelGroup: 'Organic Search' },
  { source: 'instagram.com', medium: 'referral', channelGroup: 'Organic Social' },
  // Last, so the other sources' cells are drawn as before (ga4-tiktok.ts, decision 142).
  { source: 'tiktok', medium: 'paid_social', channelGroup: 'Paid Social' },
];
const TIKTOK_SM = SOURCE_MEDIA.length - 1;
/** Session conversion rate per converting channel (index = DEMO_CHANNELS order, TikTok's orders left out). */
const CHANNEL_CR = [0.012, 0.024, 0.019, 0.038, 0.03, 0.016];
const ENGAGEMENT = [0.52, 0.63, 0.66, 0.7, 0.61, 0.64, 0.6, 0.45, 0.48];

export interface Ga4Inputs {
  /** Orders, GA4-tracked orders and their revenue per day and channel: `[day * channels + channel]`. */
  dailyOrders: Int32Array;
  dailyTracked: Int32Array;
  dailyTrackedRevenue: Float64Array;
  /** GA4-tracked orders per Meta campaign and day: `[campaign * days + day]`. */
  campaignTracked: Int32Array;
  metaDaily: MetaDailyRow[];
  countryOrders: Map<string, number>;
  tiktok: Ga4TikTokInputs;
}

export function buildGa4(ctx: Ctx, seed: number, inputs: Ga4Inputs): Ga4Facts {
  const { dailyOrders, dailyTracked, dailyTrackedRevenue, metaDaily, countryOrders } = inputs;
  const { days } = ctx;
  const rng = new Rng(mixSeeds(seed, hashString('ga4')));
  const nCh = GA4_CHANNELS;
  const topProducts = ctx.products.slice(0, 5).map((p) => p.index);
  const oos = ctx.campaigns.find((c) => c.productIndex !== null)?.productIndex ?? undefined;
  if (oos !== undefined && !topProducts.includes(oos)) topProducts.push(oos);
  const pages: Ga4Facts['pages'] = [
    { path: '/', title: 'Upside Demo Goods' },
    { path: '/collections/all', title: 'All Products – Upside Demo Goods' },
    { path: '/collections/sale', title: 'Sale – Upside Demo Goods' },
    { path: '/cart', title: 'Your Shopping Cart – Upside Demo Goods' },
    ...topProducts.map((i) => ({
      path: `/products/${ctx.products[i]!.handle}`,
      title: `${ctx.products[i]!.title} – Upside Demo Goods`,
    })),
  ];
  const devices = ['mobile', 'desktop', 'tablet'];
  const deviceWeights = [0.62, 0.33, 0.05];
  const totalCountry = [...countryOrders.values()].reduce((s, v) => s + v, 0) || 1;
  const countries = COUNTRIES.map((c) => c.name);
  const countryWeights = COUNTRIES.map((c) => (countryOrders.get(c.code) ?? 0) / totalCountry + 0.002);
  const basePages = pages.length;
  // Each TikTok campaign's sessions land on the page of the product it advertises (decision 131).
  const tiktokPages = inputs.tiktok.campaigns.map((c) => {
    const path = `/products/${ctx.products[c.productIndex]!.handle}`;
    const found = pages.findIndex((p) => p.path === path);
    if (found >= 0) return found;
    pages.push({ path, title: `${ctx.products[c.productIndex]!.title} – Upside Demo Goods` });
    return pages.length - 1;
  });
  const pageWeightsFor = (sm: number): number[] =>
    pages.slice(0, basePages).map((p, i) => {
      if (sm === 0)
        return p.path.startsWith('/products/')
          ? oos !== undefined && p.path.endsWith(ctx.products[oos]!.handle)
            ? 4
            : 1.5
          : i === 3
            ? 1.2
            : 0.5;
      if (sm === 3) return i === 0 ? 3 : i === 2 ? 2 : 0.6;
      return i === 0 ? 4 : i === 1 ? 2 : i === 3 ? 0.6 : 1;
    });
  const metaClicks = new Float64Array(days);
  for (const row of metaDaily) metaClicks[parseIsoDay(row.day) - ctx.startDay]! += row.clicks;

  const capacity =
    days * (TIKTOK_SM * basePages + inputs.tiktok.campaigns.length) * devices.length * countries.length;
  const cols = {
    day: new Int32Array(capacity),
    sm: new Uint8Array(capacity),
    page: new Uint8Array(capacity),
    device: new Uint8Array(capacity),
    country: new Uint8Array(capacity),
    sessions: new Int32Array(capacity),
    engaged: new Int32Array(capacity),
    users: new Int32Array(capacity),
    newUsers: new Int32Array(capacity),
    views: new Int32Array(capacity),
    events: new Int32Array(capacity),
    duration: new Float64Array(capacity),
    keyEvents: new Int32Array(capacity),
    revenue: new Float64Array(capacity),
  };
  let count = 0;
  /** Splits one day's sessions of a source / medium page → device → country with binomial chains; purchases follow sessions. */
  const place = (
    r: Rng,
    dayNumber: number,
    sm: number,
    sessions: number,
    purchases: number,
    revenue: number,
    pw: number[],
  ): void => {
    let remainingS = sessions;
    let remainingP = purchases;
    let weightLeft = pw.reduce((s, w) => s + w, 0);
    const avgValue = purchases > 0 ? revenue / purchases : 0;
    const groupStart = count;
    for (let p = 0; p < pw.length && remainingS > 0; p += 1) {
      const sP = p === pw.length - 1 ? remainingS : r.binomial(remainingS, pw[p]! / weightLeft);
      const kP =
        p === pw.length - 1
          ? remainingP
          : Math.min(sP, r.binomial(remainingP, remainingS > 0 ? sP / remainingS : 0));
      weightLeft -= pw[p]!;
      remainingS -= sP;
      remainingP -= kP;
      if (sP === 0) continue;
      let sLeftD = sP;
      let kLeftD = kP;
      let dwLeft = 1;
      for (let dv = 0; dv < devices.length && sLeftD > 0; dv += 1) {
        const sD = dv === devices.length - 1 ? sLeftD : r.binomial(sLeftD, deviceWeights[dv]! / dwLeft);
        const kD =
          dv === devices.length - 1 ? kLeftD : Math.min(sD, r.binomial(kLeftD, sLeftD > 0 ? sD / sLeftD : 0));
        dwLeft -= deviceWeights[dv]!;
        sLeftD -= sD;
        kLeftD -= kD;
        if (sD === 0) continue;
        let sLeftC = sD;
        let kLeftC = kD;
        let cwLeft = countryWeights.reduce((s, w) => s + w, 0);
        for (let cn = 0; cn < countries.length && sLeftC > 0; cn += 1) {
          const sC = cn === countries.length - 1 ? sLeftC : r.binomial(sLeftC, countryWeights[cn]! / cwLeft);
          let kC =
            cn === countries.length - 1
              ? kLeftC
              : Math.min(sC, r.binomial(kLeftC, sLeftC > 0 ? sC / sLeftC : 0));
          cwLeft -= countryWeights[cn]!;
          sLeftC -= sC;
          kLeftC -= kC;
          if (sC === 0) {
            kLeftC += kC;
            continue;
          }
          if (kC > sC) {
            kLeftC += kC - sC;
            kC = sC;
          }
          const engaged = r.binomial(sC, ENGAGEMENT[sm]!);
          const users = Math.max(1, Math.round(sC * r.uniform(0.78, 0.9)));
          const views = sC + Math.round(sC * r.uniform(1.4, 2.6));
          cols.day[count] = dayNumber;
          cols.sm[count] = sm;
          cols.page[count] = p;
          cols.device[count] = dv;
          cols.country[count] = cn;
          cols.sessions[count] = sC;
          cols.engaged[count] = engaged;
          cols.users[count] = users;
          cols.newUsers[count] = Math.round(users * (sm === 3 ? 0.15 : 0.62));
          cols.views[count] = views;
          cols.events[count] = views * 3 + sC + kC * 4;
          cols.duration[count] = Math.round(engaged * r.uniform(70, 140));
          cols.keyEvents[count] = kC;
          cols.revenue[count] = Math.round(kC * avgValue);
          count += 1;
        }
        kLeftD += kLeftC;
      }
      remainingP += kLeftD;
    }
    // Purchases that could not be placed (rounding) go to the largest cell of this day/source.
    if (remainingP > 0 && count > groupStart) {
      let last = groupStart;
      for (let k = groupStart; k < count; k += 1) if (cols.sessions[k]! > cols.sessions[last]!) last = k;
      cols.keyEvents[last]! += remainingP;
      cols.sessions[last] = Math.max(cols.sessions[last]!, cols.keyEvents[last]!);
      cols.revenue[last]! += Math.round(remainingP * avgValue);
    }
  };
  const tiktok = inputs.tiktok;
  const nTikTok = tiktok.campaigns.length;
  const tiktokRng = new Rng(mixSeeds(seed, hashString('ga4 tiktok')));
  /** The TikTok campaign of each cell (-1: another source). */
  const tiktokCampaignOf = new Int16Array(capacity).fill(-1);
  const ema = new Float64Array(nCh).fill(1);
  for (let d = 0; d < days; d += 1) {
    const dayNumber = ctx.startDay + d;
    for (let sm = 0; sm < TIKTOK_SM; sm += 1) {
      let sessions: number;
      let purchases = 0;
      let revenue = 0;
      if (sm < nCh) {
        const orders = dailyOrders[d * nCh + sm]!;
        ema[sm] = 0.9 * ema[sm]! + 0.1 * orders;
        purchases = dailyTracked[d * nCh + sm]!;
        revenue = dailyTrackedRevenue[d * nCh + sm]!;
        const base =
          sm === 0
            ? metaClicks[d]! * rng.uniform(0.72, 0.86)
            : (Math.max(orders, ema[sm]!) / CHANNEL_CR[sm]!) * rng.noise(0.1);
        sessions = Math.max(orders, Math.round(base * (ctx.calendar.closed[d] ? 0.4 : 1)));
        if (sm === 0 && sessions === 0) sessions = Math.round((ema[sm]! / CHANNEL_CR[sm]!) * 0.3);
      } else {
        sessions = Math.round((ema[2]! / CHANNEL_CR[2]!) * (sm === 6 ? 0.08 : 0.05) * rng.noise(0.2));
      }
      if (sessions <= 0) continue;
      place(rng, dayNumber, sm, sessions, purchases, revenue, pageWeightsFor(sm));
    }
    // TikTok's sessions (ga4-tiktok.ts) last in the day, on their own stream: each campaign's on
    // its product's page. assignGa4Campaigns draws nothing for them, so no other cell moves.
    for (let c = 0; c < nTikTok; c += 1) {
      const slot = d * nTikTok + c;
      const orders = tiktok.orders[slot]!;
      const sessions = Math.max(orders, Math.round(tiktok.clicks[slot]! * tiktokRng.uniform(0.72, 0.86)));
      if (sessions <= 0) continue;
      const from = count;
      const pw = pages.map((_, i) => (i === tiktokPages[c] ? 1 : 0));
      place(
        tiktokRng,
        dayNumber,
        TIKTOK_SM,
        sessions,
        tiktok.tracked[slot]!,
        tiktok.trackedRevenue[slot]!,
        pw,
      );
      tiktokCampaignOf.fill(c, from, count);
    }
  }
  const meta = assignGa4Campaigns({
    seed,
    startDay: ctx.startDay,
    days,
    campaigns: ctx.campaigns,
    campaignTracked: inputs.campaignTracked,
    metaDaily,
    day: cols.day,
    sourceMedium: cols.sm,
    keyEvents: cols.keyEvents,
    count,
  });
  // TikTok's cells are named after their campaigns, listed after the others' names.
  const names = [...meta.names, ...tiktok.campaigns.map((c) => c.name)];
  if (names.length > 255) throw new RangeError('too many GA4 campaign names for one byte');
  const campaign = meta.campaign;
  for (let k = 0; k < count; k += 1)
    if (tiktokCampaignOf[k]! >= 0) campaign[k] = meta.names.length + tiktokCampaignOf[k]!;
  const day = cols.day.slice(0, count);
  const sourceMedium = cols.sm.slice(0, count);
  const keyEvents = cols.keyEvents.slice(0, count);
  return {
    sourceMedia: SOURCE_MEDIA,
    pages,
    devices,
    countries,
    campaigns: names,
    day,
    sourceMedium,
    page: cols.page.slice(0, count),
    device: cols.device.slice(0, count),
    country: cols.country.slice(0, count),
    campaign,
    sessions: cols.sessions.slice(0, count),
    engagedSessions: cols.engaged.slice(0, count),
    activeUsers: cols.users.slice(0, count),
    newUsers: cols.newUsers.slice(0, count),
    screenPageViews: cols.views.slice(0, count),
    eventCount: cols.events.slice(0, count),
    userEngagementDuration: cols.duration.slice(0, count),
    keyEvents,
    purchaseRevenueMinor: cols.revenue.slice(0, count),
    count,
  };
}
