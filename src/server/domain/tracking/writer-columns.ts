import { arrayLiteral } from '../../db/array-literal.ts';
import { type CellKey, type CountRow, eventTimeOf, type OwnedEvents } from './rollup.ts';

/**
 * The writer's two big row sets (raw events, heatmap cells: about one of each per event) as one
 * PostgreSQL array literal per column, for `unnest($1::uuid[], …)`. Why not a JSON recordset like
 * the small rollups: PostgreSQL reads arrays several times faster than it looks up keys in
 * thousands of JSON objects, and that lookup was most of a commit's database time (issue 18,
 * decision 065). The columns are filled in one pass over the events, no per-row objects.
 */

/** Position (1-based) of each distinct value in `values`, for a column sent once per value. */
function dictionary(): { values: string[]; indexOf: (value: string) => number } {
  const positions = new Map<string, number>();
  const values: string[] = [];
  return {
    values,
    indexOf(value) {
      let position = positions.get(value);
      if (position === undefined) {
        values.push(value);
        position = values.length;
        positions.set(value, position);
      }
      return position;
    },
  };
}

/**
 * Raw events, in tracking_events' column order (received_at and ingested_at are added by the statement). What a
 * request's events share is sent once (decision 074): the workspace and site once per batch, each
 * distinct session id and page URL once per group; an event carries their 1-based positions (b, s,
 * p) and its client time as epoch milliseconds. That cut the parameters to about a third of
 * their bytes, which the server builds, sends and PostgreSQL parses per commit.
 */
export function rawEventColumns(batches: readonly (OwnedEvents & { workspaceId: string })[]) {
  const bw: string[] = [];
  const bc: string[] = [];
  const sessions = dictionary();
  const pages = dictionary();
  const b: number[] = [];
  const s: number[] = [];
  const t: string[] = [];
  const p: number[] = [];
  const x: number[] = [];
  const y: number[] = [];
  const vw: number[] = [];
  const vh: number[] = [];
  const dw: (number | null)[] = [];
  const dh: (number | null)[] = [];
  const el: (string | null)[] = [];
  const ox: (number | null)[] = [];
  const oy: (number | null)[] = [];
  const sd: (number | null)[] = [];
  const ct: number[] = [];
  // What the sessions rollup takes from an event (decision 125): mostly null, a few bytes each.
  const rf: (string | null)[] = [];
  const vi: (string | null)[] = [];
  const ck: (string | null)[] = [];
  const eh: (string | null)[] = [];
  for (const batch of batches) {
    bw.push(batch.workspaceId);
    bc.push(batch.configurationId);
    const position = bw.length;
    for (const e of batch.events) {
      b.push(position);
      s.push(sessions.indexOf(e.sessionId));
      t.push(e.eventType);
      p.push(pages.indexOf(e.pageUrl));
      x.push(e.x);
      y.push(e.y);
      vw.push(e.viewportWidth);
      vh.push(e.viewportHeight);
      dw.push(e.documentWidth ?? null);
      dh.push(e.documentHeight ?? null);
      el.push(e.elementSelector ?? null);
      ox.push(e.offsetX ?? null);
      oy.push(e.offsetY ?? null);
      sd.push(e.scrollDepth ?? null);
      ct.push(eventTimeOf(e));
      rf.push(e.referrer ?? null);
      vi.push(e.visitorId ?? null);
      ck.push(e.cartToken ?? null);
      eh.push(e.emailHash ?? null);
    }
  }
  const columns = {
    bw,
    bc,
    sessions: sessions.values,
    pages: pages.values,
    b,
    s,
    t,
    p,
    x,
    y,
    vw,
    vh,
    dw,
    dh,
    el,
    ox,
    oy,
    sd,
    ct,
    rf,
    vi,
    ck,
    eh,
  };
  return Object.fromEntries(
    Object.entries(columns).map(([name, values]) => [name, arrayLiteral(values)]),
  ) as {
    [K in keyof typeof columns]: string;
  };
}

/**
 * A commit group's heatmap hour cells as columns, from which the commit writes one hour part per
 * owner (decision 085): the distinct cell owners (site, page, viewport bucket, event type) once
 * each, and per cell the 1-based position of its owner, its bins and count. `workspaceOf` names
 * each site's workspace.
 */
export function hourCellColumns(
  cells: readonly CountRow<CellKey>[],
  workspaceOf: (configurationId: string) => string,
) {
  const owners = new Map<string, number>();
  const ow: string[] = [];
  const oc: string[] = [];
  const op: string[] = [];
  const ov: string[] = [];
  const ot: string[] = [];
  const o: number[] = [];
  const x: number[] = [];
  const y: number[] = [];
  const n: number[] = [];
  for (const { key, count } of cells) {
    const id = `${key.configurationId}\u0000${key.pageUrl}\u0000${key.viewportBucket}\u0000${key.eventType}`;
    let owner = owners.get(id);
    if (owner === undefined) {
      ow.push(workspaceOf(key.configurationId));
      oc.push(key.configurationId);
      op.push(key.pageUrl);
      ov.push(key.viewportBucket);
      ot.push(key.eventType);
      owner = ow.length;
      owners.set(id, owner);
    }
    o.push(owner);
    x.push(key.xBin);
    y.push(key.yBin);
    n.push(count);
  }
  const columns = { ow, oc, op, ov, ot, o, x, y, n };
  return Object.fromEntries(
    Object.entries(columns).map(([name, values]) => [name, arrayLiteral(values)]),
  ) as {
    [K in keyof typeof columns]: string;
  };
}
