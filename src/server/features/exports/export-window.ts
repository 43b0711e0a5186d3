import { and, gte, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ExportContext } from './export-dataset.ts';

/** The shop day (YYYY-MM-DD text) of a timestamptz column in the shop's time zone. */
export function shopDayOf(instant: SQLWrapper, context: ExportContext): SQL<string> {
  return sql<string>`to_char(${instant} AT TIME ZONE ${context.timeZone}, 'YYYY-MM-DD')`;
}

/** `day` within the export's [from, to] window (either side may be open); undefined = no condition. */
export function withinWindow(day: SQLWrapper, context: ExportContext): SQL | undefined {
  return and(
    context.from === null ? undefined : gte(day, context.from),
    context.to === null ? undefined : lte(day, context.to),
  );
}
