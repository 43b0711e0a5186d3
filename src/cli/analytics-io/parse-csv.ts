import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

/** One CSV record with the 1-based line of the file it starts on (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A CSV that cannot be read; names the line. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const newlinesIn = (cells: string[]) => cells.reduce((sum, cell) => sum + cell.split('\n').length - 1, 0);

/** The first line's delimiter: a semicolon when it has more of those than commas (European exports). */
function delimiterOf(start: string): ',' | ';' {
  const end = start.indexOf('\n');
  const firstLine = end === -1 ? start : start.slice(0, end);
  const count = (ch: string) => firstLine.split(ch).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Streams RFC 4180 records out of CSV text chunks with csv-parse (decision 018 lists why a
 * library): quoted fields with "" escapes and embedded delimiters or newlines, CRLF or LF line
 * ends, a UTF-8 byte-order mark, and a comma or semicolon delimiter (whichever the first line uses
 * more of). Blank lines are skipped; a row may have any number of fields (the readers check). Line
 * numbers count physical lines, so messages point at the row a spreadsheet shows.
 *
 * @throws CsvSyntaxError on an unterminated quoted field or text after a closing quote.
 */
export async function* parseCsv(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<CsvRecord> {
  // Hold back the chunks up to the first newline: the delimiter is read from the first line.
  const iterator = chunks[Symbol.asyncIterator]();
  const held: Buffer[] = [];
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    held.push(Buffer.from(next.value));
    if (held.at(-1)?.includes(10)) break;
  }
  const delimiter = delimiterOf(
    Buffer.concat(held)
      .toString('utf8')
      .replace(/^\ufeff/, ''),
  );
  async function* all() {
    yield* held;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const parser = Readable.from(all()).pipe(
    parse({
      delimiter,
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  let lastLine = 0;
  let lastEmptyLines = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number };
    }>) {
      lastLine = info.lines;
      lastEmptyLines = info.empty_lines;
      yield { line: info.lines - newlinesIn(record), cells: record };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const context = error as CsvError & { empty_lines?: number; lines?: number };
    const startLine = lastLine + 1 + Math.max(0, (context.empty_lines ?? lastEmptyLines) - lastEmptyLines);
    if (error.code === 'CSV_QUOTE_NOT_CLOSED')
      throw new CsvSyntaxError(startLine, 'a quoted field is never closed');
    if (error.code === 'CSV_INVALID_CLOSING_QUOTE')
      throw new CsvSyntaxError(context.lines ?? startLine, 'text after the closing quote of a field');
    throw new CsvSyntaxError(context.lines ?? startLine, error.message);
  }
}
