import type { Db } from '../../db/client.ts';

/**
 * A port (decisions 155, 180): folds the tracked events that arrived since the last fold into
 * every stored funnel's pre-aggregates (decision 134) and answers how many funnels it folded. The
 * funnels feature provides it; the composition root (`main.ts`) passes it to the tracking
 * feature's hourly upkeep (`maintain-tracking`), so tracking does not import the funnels feature.
 */
export type FoldStoredFunnels = (db: Db) => Promise<number>;
