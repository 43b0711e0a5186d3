/** Spec §2: "Xm Ys", or "Ys" under a minute. */
export function formatSessionDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m ${seconds % 60}s` : `${seconds}s`;
}

/** Spec §2: one decimal and a percent sign. */
export const formatRate = (percent: number) => `${percent.toFixed(1)}%`;

/** The path and query of a page URL, for compact lists. */
export function shortPage(pageUrl: string): string {
  const url = URL.parse(pageUrl);
  return url ? `${url.host}${url.pathname}` : pageUrl;
}
