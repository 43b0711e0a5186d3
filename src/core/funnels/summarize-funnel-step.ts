/** A session that passed a funnel's first step, as the step drill-down reads it. */
export interface FunnelStepSession {
  sessionId: string;
  /** The website it was recorded on (its tracking id). */
  trackingId: string;
  startedAt: number;
  device: string | null;
  /** The last page of the session: where it left the site. */
  exitPage: string;
  /** The times it passed each step, in order (matchFunnel): its length is the steps passed. */
  passedAt: readonly number[];
  /** Revenue of its orders (minor units). */
  revenue: number;
}

/** Two strings in code-unit order (not the locale's): the order of PostgreSQL's COLLATE "C" on ASCII. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface FunnelStepDrillDown {
  /** Sessions that passed the step. */
  sessions: number;
  /** Of them, those that passed no further step (at the last step: all of them). */
  leftHere: number;
  /** Where those that left here left the site, most sessions first (then by URL). */
  exitPages: { trackingId: string; pageUrl: string; sessions: number }[];
  /** At most `limit` sessions that passed the step: those that left here first, newest first. */
  latest: (Omit<FunnelStepSession, 'passedAt' | 'startedAt'> & { startedAt: number; furthestStep: number })[];
}

/**
 * The drill-down of one funnel step (issue 40, "a click on a step opens its sessions and the
 * heatmap of the page where people left"): of the sessions that passed step `step` (0-based), how
 * many went no further, the pages those left the site from (a page per website, so its heatmap can
 * be opened), and the latest sessions, those that left here listed first.
 *
 * Definition: passed_i = sessions with passedAt.length > i; leftHere_i = passed_i with
 * passedAt.length = i + 1 (every passed session at the last step); furthestStep = passedAt.length
 * (1-based). Ties in exit pages are broken by URL then tracking id, in sessions by id, each in
 * code-unit order (`byCodeUnits`: PostgreSQL's COLLATE "C", so the SQL read orders alike, decision
 * 208), so the answer is stable.
 */
export function summarizeFunnelStep(
  step: number,
  sessions: readonly FunnelStepSession[],
  limit = 50,
): FunnelStepDrillDown {
  const passed = sessions.filter((s) => s.passedAt.length > step);
  const left = passed.filter((s) => s.passedAt.length === step + 1);
  const pages = new Map<string, { trackingId: string; pageUrl: string; sessions: number }>();
  for (const s of left) {
    const key = `${s.trackingId} ${s.exitPage}`;
    const page = pages.get(key) ?? { trackingId: s.trackingId, pageUrl: s.exitPage, sessions: 0 };
    page.sessions += 1;
    pages.set(key, page);
  }
  const exitPages = [...pages.values()].sort(
    (a, b) =>
      b.sessions - a.sessions || byCodeUnits(a.pageUrl, b.pageUrl) || byCodeUnits(a.trackingId, b.trackingId),
  );
  const latest = [...passed]
    .sort(
      (a, b) =>
        Number(b.passedAt.length === step + 1) - Number(a.passedAt.length === step + 1) ||
        b.startedAt - a.startedAt ||
        byCodeUnits(a.sessionId, b.sessionId),
    )
    .slice(0, limit)
    .map(({ passedAt, ...s }) => ({ ...s, furthestStep: passedAt.length }));
  return { sessions: passed.length, leftHere: left.length, exitPages, latest };
}
