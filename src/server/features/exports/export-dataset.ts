import { currencyDigitsOf, majorToDecimal, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';

/** What every dataset's query is given: the caller's workspace and the window of shop days. */
export interface ExportContext {
  workspaceId: string;
  /** Inclusive shop days (YYYY-MM-DD); null leaves that side open. */
  from: string | null;
  to: string | null;
  /** The shop's IANA time zone ('UTC' before a shop is connected): how instants become days. */
  timeZone: string;
  /** The shop currency (null before a shop is connected): the currency of analysis figures. */
  currency: string | null;
  /** The workspace's latest succeeded analysis run (segments, churn, CLV), if any. */
  latestRunId: string | null;
}

export type CsvValue = string | number | boolean | null;

/**
 * One CSV export: a file in ./datasets/ named `<dataset>.ts` exporting `dataset` is served at
 * `GET /api/export/<dataset>.csv` — adding an export is adding that one file (decision 020).
 * Rows are read in pages by keyset (the rows after the previous page's last row, in key order),
 * so an export of any size holds one page in memory, on PostgreSQL and PGlite alike.
 */
export interface ExportDataset<Row> {
  /** One sentence for the API reference. */
  description: string;
  /** Its rows carry shop customers' names and e-mails (masked for members without the switch). */
  personalData?: boolean;
  /** The header row. */
  columns: readonly string[];
  /** At most `limit` rows after `after` (null: from the first), in the dataset's key order. */
  page(db: Db, context: ExportContext, after: Row | null, limit: number): Promise<Row[]>;
  /** The CSV record of a row, one value per column, money through src/shared/money.ts. */
  record(row: Row): CsvValue[];
}

/** Types a dataset's definition by its row. */
export const defineExportDataset = <Row>(dataset: ExportDataset<Row>): ExportDataset<Row> => dataset;

/** An amount in minor units of `currency` as its exact decimal string (null stays empty). */
export const moneyCell = (minor: number | null, currency: string): string | null =>
  minor === null ? null : minorToDecimal(minor, currencyDigitsOf(currency));

/**
 * A model estimate in major units (analysis snapshots store CLV and monetary value as floats) as a
 * decimal string rounded to the currency's minor unit.
 */
export const estimateCell = (major: number | null, currency: string | null): string | null => {
  if (major === null || currency === null) return null;
  return majorToDecimal(major, currencyDigitsOf(currency));
};
