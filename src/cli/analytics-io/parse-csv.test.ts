import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './parse-csv.ts';

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
  ])('%j', (text, header, rows) => {
    const table = parseCsv(text);
    expect(table.header).toEqual(header);
    expect(table.rows).toEqual(rows);
  });
  it('names the line of an unterminated quote', () => {
    expect(() => parseCsv('a,b\n1,2\n"oops,3\n')).toThrow(
      new CsvSyntaxError(3, 'a quoted field is never closed'),
    );
  });
});
