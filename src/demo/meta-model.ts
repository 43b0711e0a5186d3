/**
 * The demo's Meta account as the emulator serves it: campaigns, daily rows, ads, creatives and their
 * daily split (decision 121), and the planted creative fatigue (issue #44). Money is integer minor
 * units of the account currency; days are 'YYYY-MM-DD' in the shop's time zone.
 */

export interface MetaCampaign {
  index: number;
  id: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED';
  objective: string;
  dailyBudgetMinor: number;
  startDay: string;
  /** Last day with delivery (PAUSED campaigns stopped then). */
  stopDay: string | null;
  landingPath: string;
  /** Product the campaign advertises, when it advertises one. */
  productIndex: number | null;
  createdAtMs: number;
}

export interface MetaDailyRow {
  campaignIndex: number;
  day: string;
  spendMinor: number;
  impressions: number;
  reach: number;
  clicks: number;
  /** Purchases Meta reports (click- and view-through, duplicates): ≥ verified. */
  reportedPurchases: number;
  reportedPurchaseValueMinor: number;
  /** Store-verified orders whose last visit came from this campaign. */
  verifiedOrders: number;
  verifiedRevenueMinor: number;
}

/** One ad's creative as Meta serves it (issue #44); null on an ad whose creative was deleted upstream. */
export interface MetaCreative {
  id: string;
  name: string;
  title: string;
  body: string;
  callToActionType: string;
  /** A data: URI in the demo (decision 121); null for a creative Meta has no thumbnail for. */
  thumbnailUrl: string | null;
  imageUrl: string | null;
  videoId: string | null;
}

/** One ad of a Meta campaign (one ad set per campaign); `share` is its planned share of the spend. */
export interface MetaAd {
  index: number;
  id: string;
  campaignIndex: number;
  adsetId: string;
  name: string;
  format: 'image' | 'video';
  share: number;
  createdAtMs: number;
  creative: MetaCreative | null;
}

/** One ad's day: the campaign's day split among its ads (spend to the cent, decision 121). */
export interface MetaAdDailyRow {
  adIndex: number;
  campaignIndex: number;
  day: string;
  spendMinor: number;
  impressions: number;
  reach: number;
  clicks: number;
  reportedPurchases: number;
  reportedPurchaseValueMinor: number;
  /** Video ads only (0 for images): plays of at least 3 seconds, and thruplays. */
  videoPlays3s: number;
  thruplays: number;
}

/** The planted creative fatigue (issue #44): from `onsetDate` on, frequency up, CTR and conversion rate down. */
export interface CreativeTruth {
  ads: number;
  fatiguing: { adId: string; name: string; campaignId: string; onsetDate: string };
  /** Ads served without a creative (deleted upstream) or without a thumbnail. */
  deletedCreativeAdIds: string[];
  noThumbnailAdIds: string[];
  note: string;
}

export interface MetaAccount {
  adAccountId: string;
  name: string;
  currency: string;
  timezoneName: string;
  userId: string;
  userName: string;
  pages: { id: string; name: string; category: string; accessToken: string }[];
}
