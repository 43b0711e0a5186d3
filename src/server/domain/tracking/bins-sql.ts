import { type SQL, sql } from 'drizzle-orm';
import { VIEWPORT_BUCKETS } from '../../../shared/contracts/cursor-tracking.ts';
import { X_BINS, Y_BIN_PX } from './rollup.ts';

/**
 * The heatmap's bins in SQL, as rollup.ts computes them in the app: for the raw rows a heatmap read
 * adds while they are pending (heatmap-pending.ts, decision 148) and for the fold that rolls them up
 * (fold-statement.ts, decision 193). The x column divides as IEEE doubles, as `xBinOf` does.
 */

/** A viewport width's bucket, as `viewportBucketOf` computes it. */
export const bucketOfWidth = (width: SQL): SQL =>
  sql`CASE ${sql.join(
    VIEWPORT_BUCKETS.filter((bucket) => Number.isFinite(bucket.maxWidth)).map(
      (bucket) => sql`WHEN ${width} <= ${sql.raw(String(bucket.maxWidth))} THEN ${sql.raw(`'${bucket.id}'`)}`,
    ),
    sql` `,
  )} ELSE ${sql.raw(`'${VIEWPORT_BUCKETS[VIEWPORT_BUCKETS.length - 1]!.id}'`)} END`;

/** `xBinOf`: 0–99, in 1 % steps of the viewport width. */
export const xBinOfSql = (x: SQL, width: SQL): SQL =>
  sql`least(${X_BINS - 1}::int, greatest(0, floor((${x}::float8 / ${width}) * ${X_BINS}::int)))::int`;

/** `yBinOf`: 16 px rows of the document. */
export const yBinOfSql = (y: SQL): SQL => sql`greatest(0, floor(${y}::float8 / ${Y_BIN_PX}::int))::int`;
