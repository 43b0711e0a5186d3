import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type CsvRecord, CsvSyntaxError, parseCsv } from './parse-csv.ts';

/** All records of a text, fed in chunks of `size` characters (so records and the BOM straddle chunks). */
async function recordsOf(text: string, size = 3): Promise<CsvRecord[]> {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  const records: CsvRecord[] = [];
  for await (const record of parseCsv(Readable.from(chunks))) records.push(record);
  return records;
}

describe('parseCsv', () => {
  it.each([
    ['a,b\n1,2\n', ['a', 'b'], [{ line: 2, cells: ['1', '2'] }]],
    [
      'a,b\r\n1,2\r\n\r\n3,4',
      ['a', 'b'],
      [
        { line: 2, cells: ['1', '2'] },
        { line: 4, cells: ['3', '4'] },
      ],
    ],
    ['\ufeffa;b\n"x;y";"say ""hi"""\n', ['a', 'b'], [{ line: 2, cells: ['x;y', 'say "hi"'] }]],
    [
      'a,b\n"two\nlines",2\n3,4\n',
      ['a', 'b'],
      [
        { line: 2, cells: ['two\nlines', '2'] },
        { line: 4, cells: ['3', '4'] },
      ],
    ],
    ['a,b\n1,\n', ['a', 'b'], [{ line: 2, cells: ['1', ''] }]],
    ['', [], []],
  ])('%j', async (text, header, rows) => {
    const [head, ...records] = await recordsOf(text);
    expect(head?.cells ?? []).toEqual(header);
    expect(records).toEqual(rows);
  });
  it('names the line where an unterminated quote starts', async () => {
    await expect(recordsOf('a,b\n1,2\n"oops,3\n')).rejects.toThrow(
      new CsvSyntaxError(3, 'a quoted field is never closed'),
    );
    await expect(recordsOf('a,b\n1,2\n\n"oops\nmore,3\n')).rejects.toThrow(
      new CsvSyntaxError(4, 'a quoted field is never closed'),
    );
  });
});
