import { type SQL, sql } from 'drizzle-orm';
import type { FunnelStep } from '../../../core/funnels/types.ts';
import { urlPatternSource } from '../../../core/funnels/url-pattern-source.ts';

/** Tracker event types a funnel step can name (the rest are pointer positions). */
const TRACKER_TYPES = new Set(['page_view', 'click', 'dead_click']);

/** The columns of one event the step tests read. */
export interface EventColumns {
  name: SQL;
  pageUrl: SQL;
  selector: SQL | null;
}

/** matchesFunnelStep in SQL (the same URL regex source, the same selector rule). */
function stepMatches(step: FunnelStep, columns: EventColumns): SQL {
  switch (step.kind) {
    case 'event':
      return sql`${columns.name} = ${step.value}`;
    case 'url':
      return sql`coalesce(${columns.pageUrl} ~ ${urlPatternSource(step.value)}, false)`;
    case 'element':
      return columns.selector
        ? sql`coalesce(${columns.name} IN ('click', 'dead_click') AND (${columns.selector} = ${step.value}
            OR right(${columns.selector}, ${step.value.length + 1}) = ${`>${step.value}`}), false)`
        : sql`false`;
  }
}

/** The step bit mask of an event (bit i: it passes step i), as matchFunnelMarks reads it. */
export function stepMask(steps: readonly FunnelStep[], columns: EventColumns): SQL {
  return sql.join(
    steps.map((step, i) => sql`(CASE WHEN ${stepMatches(step, columns)} THEN ${1 << i} ELSE 0 END)`),
    sql` + `,
  );
}

/** The step mask of a pixel event `p`. */
export const pixelStepMask = (steps: readonly FunnelStep[]) =>
  stepMask(steps, { name: sql`p.name`, pageUrl: sql`p.page_url`, selector: null });

/** The step mask of a tracker event `e`. */
export const trackerStepMask = (steps: readonly FunnelStep[]) =>
  stepMask(steps, { name: sql`e.event_type`, pageUrl: sql`e.page_url`, selector: sql`e.element_selector` });

/** Whether a step can match a tracker page view or click (else only pixel events need reading). */
export const needsTrackerEvents = (steps: readonly FunnelStep[]) =>
  steps.some((s) => s.kind !== 'event' || TRACKER_TYPES.has(s.value));

/** An event instant as the matching reads it: ms since the epoch, the same double on every read. */
export const epochMs = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;
