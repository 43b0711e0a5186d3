/** A customer journey's first or last visit, as the Shopify emulator's `CustomerVisit`. */
import { formatUtc } from '../../calendar.ts';
import type { DemoVisit } from '../../model.ts';

const SOURCE_TYPES: Record<string, string> = {
  SEARCH: 'SEO',
  SOCIAL: 'SOCIAL',
  EMAIL: 'NEWSLETTER',
  DIRECT: 'DIRECT',
  REFERRAL: 'REFERRAL',
};

/** A journey visit (first or last): a class, as most bulk-exported orders carry two. */
export class VisitView {
  readonly __typename = 'CustomerVisit';
  readonly sourceDescription = null;
  constructor(
    private readonly visit: DemoVisit,
    private readonly shopUrl: string,
    private readonly orderLegacy: number,
    private readonly which: number,
  ) {}
  get id() {
    return `gid://shopify/CustomerVisit/${this.orderLegacy * 2 + this.which}`;
  }
  private get hasUtm() {
    const utm = this.visit.utm;
    return utm.source !== null || utm.medium !== null || utm.campaign !== null;
  }
  get landingPage() {
    const utm = this.visit.utm;
    const query = this.hasUtm
      ? `?${[
          ['utm_source', utm.source],
          ['utm_medium', utm.medium],
          ['utm_campaign', utm.campaign],
          ['utm_content', utm.content],
          ['utm_term', utm.term],
        ]
          .filter(([, v]) => v !== null)
          .map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`)
          .join('&')}`
      : '';
    return `${this.shopUrl}${this.visit.landingPage}${query}`;
  }
  get occurredAt() {
    return formatUtc(this.visit.occurredAtMs);
  }
  get referrerUrl() {
    return this.visit.referrerUrl;
  }
  get source() {
    return this.visit.source;
  }
  get sourceType() {
    const paid = this.visit.channel === 'meta_ads' || this.visit.channel === 'google_ads';
    return paid ? 'AD' : (SOURCE_TYPES[this.visit.sourceType] ?? 'DIRECT');
  }
  get utmParameters() {
    return this.hasUtm ? { ...this.visit.utm } : null;
  }
}
