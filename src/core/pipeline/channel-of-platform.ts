/**
 * The attribution channel (core channelOf's names) whose orders an ad platform's campaigns are
 * credited from: Meta → meta_ads, Google Ads → google_ads, TikTok → tiktok_ads. Null for an
 * imported platform (Pinterest, Microsoft, Snapchat…): no visit is classified as its channel, so
 * no order can be credited to its campaigns, and a detector must not read "no orders" there.
 * @example channelOfPlatform('meta') // 'meta_ads'
 * @example channelOfPlatform('pinterest') // null
 */
export function channelOfPlatform(platform: string): string | null {
  if (platform === 'meta') return 'meta_ads';
  if (platform === 'google_ads' || platform === 'tiktok_ads') return platform;
  return null;
}
