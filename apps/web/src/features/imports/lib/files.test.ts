import { describe, expect, it } from 'vitest';
import { bytesToBase64, csvHead, encodingOf, isAccepted, readPicked, samplesOf, sizeText } from './files';

describe('csvHead', () => {
  it.each([
    [
      'comma',
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'semicolon',
      'a;b\r\n1;2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'tab',
      'a\tb\n1\t2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'quotes, doubled quotes, a comma and a line break inside',
      'name,note\n"Smith, Ann","said ""hi""\nthen left"\n',
      [
        ['name', 'note'],
        ['Smith, Ann', 'said "hi"\nthen left'],
      ],
    ],
    [
      'a byte order mark',
      '\uFEFFFamily ID,Last\n7,Lee',
      [
        ['Family ID', 'Last'],
        ['7', 'Lee'],
      ],
    ],
  ])('reads %s', (_, text, records) => {
    expect(csvHead(text, 10)).toEqual(records);
  });

  it('stops at the limit', () => {
    expect(csvHead('h\n1\n2\n3\n4\n', 3)).toEqual([['h'], ['1'], ['2']]);
  });
});

describe('samplesOf', () => {
  it('gives each header its first value not blank, cut to 60 characters', () => {
    const text = `Family ID,Last Name,Notes,Empty\n1042,,${'x'.repeat(80)},\n1043,Smith,,\n`;
    expect(samplesOf(text)).toEqual({
      'Family ID': '1042',
      'Last Name': 'Smith',
      Notes: 'x'.repeat(60),
      Empty: '',
    });
  });
});

describe('the files an import reads', () => {
  it.each([
    ['families.csv', true, 'text'],
    ['Families.CSV', true, 'text'],
    ['export.xlsx', true, 'base64'],
    ['pirouette.zip', true, 'base64'],
    ['pirouette.json', true, 'text'],
    ['photo.png', false, 'text'],
  ] as const)('%s: accepted %s, sent as %s', (name, accepted, encoding) => {
    expect(isAccepted(name)).toBe(accepted);
    expect(encodingOf(name)).toBe(encoding);
  });

  it('reads a CSV as text with its samples, an XLSX as base64 of its bytes', async () => {
    const csv = await readPicked(new File(['First,Last\nAnn,Lee\n'], 'families.csv', { type: 'text/csv' }));
    expect(csv).toEqual({
      name: 'families.csv',
      size: 19,
      content: 'First,Last\nAnn,Lee\n',
      encoding: 'text',
      samples: { First: 'Ann', Last: 'Lee' },
    });
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff]);
    const xlsx = await readPicked(new File([bytes], 'book.xlsx'));
    expect(xlsx.encoding).toBe('base64');
    expect(xlsx.content).toBe('UEsDBP8=');
    expect(xlsx.samples).toEqual({});
  });

  it('turns megabytes into base64 without overflowing the stack', () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 256);
    const text = bytesToBase64(bytes);
    expect(text.length).toBe(4 * Math.ceil(bytes.length / 3));
    expect(Uint8Array.from(atob(text.slice(0, 8)), (c) => c.charCodeAt(0))).toEqual(bytes.subarray(0, 6));
  });

  it.each([
    [1, '1 byte'],
    [820, '820 bytes'],
    [14_000, '14 KB'],
    [2_400_000, '2.3 MB'],
  ])('%i bytes read as %s', (bytes, text) => {
    expect(sizeText(bytes)).toBe(text);
  });
});
