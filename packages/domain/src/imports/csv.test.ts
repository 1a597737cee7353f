import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvText } from '../books/csv';
import { parseCsv, sniffDelimiter } from './csv';

describe('parseCsv', () => {
  it.each([
    [
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r1,2\r',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      '\uFEFFName,Email\nAnn,a@x.com\n',
      [
        ['Name', 'Email'],
        ['Ann', 'a@x.com'],
      ],
    ],
    [
      'a,b\n"x, y","say ""hi"""\n',
      [
        ['a', 'b'],
        ['x, y', 'say "hi"'],
      ],
    ],
    [
      'a,b\n"line\r\nbreak",2\n',
      [
        ['a', 'b'],
        ['line\r\nbreak', '2'],
      ],
    ],
    [
      'a;b;c\n1;2,5;3\n',
      [
        ['a', 'b', 'c'],
        ['1', '2,5', '3'],
      ],
    ],
    [
      'a\tb\n1\t2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['\n\na,b\n\n  \n1,2\n\n', [[], [], ['a', 'b'], ['', ''], ['', ''], ['1', '2']]],
    [
      'a,b,c\n1\n1,2,\n',
      [
        ['a', 'b', 'c'],
        ['1', '', ''],
        ['1', '2', ''],
      ],
    ],
    [
      'a,b\n,\n',
      [
        ['a', 'b'],
        ['', ''],
      ],
    ],
    [
      'a,b\n"open,1\n',
      [
        ['a', 'b'],
        ['open,1\n', ''],
      ],
    ],
    [
      'a,b\n"x"y,2\n',
      [
        ['a', 'b'],
        ['xy', '2'],
      ],
    ],
    ['', []],
    ['\r\n\r\n', []],
  ])('reads %j', (text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it("follows Excel's sep= line", () => {
    expect(parseCsv('sep=;\r\nName;Note\r\nAnn;a, b\r\n')).toEqual([
      ['Name', 'Note'],
      ['Ann', 'a, b'],
    ]);
  });

  it('sniffs the delimiter of the first non-blank line, a comma when there is none', () => {
    expect(sniffDelimiter('\n\na;b;c\n')).toBe(';');
    expect(sniffDelimiter('"a;b",c\n')).toBe(',');
    expect(sniffDelimiter('Name\n')).toBe(',');
    expect(sniffDelimiter('a\tb\tc;d\n')).toBe('\t');
  });

  it('reads a 10 MB cell whole', () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const rows = parseCsv(`a,b\n"${big}",1\n`);
    expect(rows[1]?.[0]?.length).toBe(big.length);
  });

  it('reads back what csvText writes (a formula defused by a leading quote)', () => {
    const header = fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,10}[A-Za-z]$/), {
      minLength: 2,
      maxLength: 5,
    });
    const table = header.chain((h) =>
      fc.tuple(
        fc.constant(h),
        fc.array(
          fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), {
            minLength: h.length,
            maxLength: h.length,
          }),
          {
            maxLength: 6,
          },
        ),
      ),
    );
    fc.assert(
      fc.property(table, ([h, rows]) => {
        const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
        const read = parseCsv(csvText([h, ...rows]));
        expect(read).toEqual([h, ...rows.map((r) => r.map(defuse))]);
      }),
      { numRuns: 300 },
    );
  });
});
