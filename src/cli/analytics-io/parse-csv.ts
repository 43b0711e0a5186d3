/** A parsed CSV: the header and the data rows, each with its 1-based line number in the file. */
export interface CsvTable {
  header: string[];
  rows: { line: number; cells: string[] }[];
  delimiter: ',' | ';';
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

/**
 * Parses RFC 4180 CSV text: quoted fields with "" escapes and embedded delimiters or newlines,
 * CRLF or LF line ends, a UTF-8 byte-order mark, and a comma or semicolon delimiter (whichever the
 * header line uses more of). Blank lines are skipped. Line numbers count physical lines, the
 * header being line 1, so messages can point at the row a spreadsheet shows.
 *
 * @throws CsvSyntaxError on an unterminated quoted field.
 */
export function parseCsv(text: string): CsvTable {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const firstLineEnd = text.indexOf('\n');
  const firstLine = firstLineEnd === -1 ? text : text.slice(0, firstLineEnd);
  const delimiter = count(firstLine, ';') > count(firstLine, ',') ? ';' : ',';
  const delimiterCode = delimiter.charCodeAt(0);
  const records: { line: number; cells: string[] }[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  let nextQuote = text.indexOf('"');
  while (i < n) {
    const recordLine = line;
    // Fast path: a physical line without quotes is one record, split natively.
    const lineEnd = text.indexOf('\n', i);
    const stop = lineEnd === -1 ? n : lineEnd;
    if (nextQuote !== -1 && nextQuote < i) nextQuote = text.indexOf('"', i);
    if (nextQuote === -1 || nextQuote > stop) {
      const cells = stripCr(text.slice(i, stop)).split(delimiter);
      if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
      i = stop + 1;
      line += 1;
      continue;
    }
    const cells: string[] = [];
    // One record: fields separated by the delimiter, ended by a newline or the end of the text.
    for (;;) {
      if (text.charCodeAt(i) === QUOTE) {
        let field = '';
        let from = i + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) throw new CsvSyntaxError(recordLine, 'a quoted field is never closed');
          field += text.slice(from, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            field += '"';
            from = close + 2;
            continue;
          }
          i = close + 1;
          break;
        }
        for (const ch of field) if (ch === '\n') line += 1;
        // Anything between the closing quote and the next delimiter is kept verbatim.
        let j = i;
        while (j < n && text.charCodeAt(j) !== delimiterCode && text.charCodeAt(j) !== NEWLINE) j += 1;
        cells.push(field + stripCr(text.slice(i, j)));
        i = j;
      } else {
        let j = i;
        while (j < n && text.charCodeAt(j) !== delimiterCode && text.charCodeAt(j) !== NEWLINE) j += 1;
        cells.push(stripCr(text.slice(i, j)));
        i = j;
      }
      if (i < n && text.charCodeAt(i) === delimiterCode) {
        i += 1;
        continue;
      }
      break;
    }
    if (i < n) {
      i += 1; // the newline
      line += 1;
    }
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
  }
  const [head, ...rows] = records;
  return { header: (head?.cells ?? []).map((h) => h.trim()), rows, delimiter };
}

const QUOTE = 34;
const NEWLINE = 10;

function stripCr(value: string): string {
  return value.endsWith('\r') ? value.slice(0, -1) : value;
}

function count(text: string, ch: string): number {
  let c = 0;
  for (const x of text) if (x === ch) c += 1;
  return c;
}
