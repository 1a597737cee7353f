import { readImportFile } from '@pirouette/domain';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvTextOf, tableOfFile, XLSX_INFLATED_MAX } from './spreadsheet';

/** A cell of the workbook built here: a text, a number, or an Excel day number shown as a date. */
type Cell = { s: string } | { n: number } | { date: number } | { time: number };

const col = (i: number) => String.fromCharCode(65 + i);
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function cellXml(cell: Cell, ref: string): string {
  if ('s' in cell) return `<c r="${ref}" t="inlineStr"><is><t>${xmlText(cell.s)}</t></is></c>`;
  if ('n' in cell) return `<c r="${ref}"><v>${cell.n}</v></c>`;
  if ('date' in cell) return `<c r="${ref}" s="1"><v>${cell.date}</v></c>`;
  return `<c r="${ref}" s="2"><v>${cell.time}</v></c>`;
}

/** The smallest XLSX Excel opens: one sheet, inline strings, a date style (14) and a time style (20). */
function xlsx(rows: Cell[][]): Uint8Array {
  const sheetRows = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((cell, c) => cellXml(cell, `${col(c)}${r + 1}`)).join('')}</row>`,
    )
    .join('');
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Families" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    'xl/styles.xml':
      '<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="20" applyNumberFormat="1"/></cellXfs></styleSheet>',
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
}

describe('tableOfFile', () => {
  it('reads a CSV in UTF-8, and in Windows-1252 when it is not UTF-8', async () => {
    expect(await tableOfFile({ name: 'f.csv', bytes: strToU8('Name,City\r\nRenée,Montclair\r\n') })).toEqual({
      table: [
        ['Name', 'City'],
        ['Renée', 'Montclair'],
      ],
    });
    const latin = new Uint8Array([...strToU8('Name\r\nRen'), 0xe9, 0x65, 0x0d, 0x0a]);
    expect(await tableOfFile({ name: 'f.csv', bytes: latin })).toEqual({ table: [['Name'], ['Renée']] });
    expect(csvTextOf(new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x09, 0x00, 0x42, 0x00]))).toBe('A\tB');
  });

  it("reads an XLSX's first sheet: dates as YYYY-MM-DD, times as HH:MM, numbers as written", async () => {
    const bytes = xlsx([
      [
        { s: 'Family ID' },
        { s: 'Family Name' },
        { s: 'Birth Date' },
        { s: 'Start' },
        { s: 'Balance' },
        { s: 'Zip' },
      ],
      [{ n: 1042 }, { s: 'Smith & Co' }, { date: 42009 }, { time: 0.6875 }, { n: 1234.5 }, { n: 7042 }],
      [],
      [{ n: 1043 }, { s: 'Lee' }],
    ]);
    expect(await tableOfFile({ name: 'families.xlsx', bytes })).toEqual({
      table: [
        ['Family ID', 'Family Name', 'Birth Date', 'Start', 'Balance', 'Zip'],
        ['1042', 'Smith & Co', '2015-01-05', '16:30', '1234.5', '7042'],
        ['', '', '', '', '', ''],
        ['1043', 'Lee', '', '', '', ''],
      ],
    });
  });

  it('gives readImportFile a table it reads: a Jackrabbit students workbook', async () => {
    const bytes = xlsx([
      [
        { s: 'Student ID' },
        { s: 'Family ID' },
        { s: 'First Name' },
        { s: 'Last Name' },
        { s: 'Birth Date' },
        { s: 'Gender' },
      ],
      [{ n: 5001 }, { n: 1042 }, { s: 'EMMA' }, { s: 'SMITH' }, { date: 42809 }, { s: 'Female' }],
      [{ n: 5002 }, { n: 1042 }, { s: '=HYPERLINK("x")' }, { s: 'Smith' }, { date: 73050 }, { s: 'M' }],
    ]);
    const read = await tableOfFile({ name: 'students.xlsx', bytes });
    if (!('table' in read)) throw new Error(read.problem);
    const r = readImportFile({
      name: 'students.xlsx',
      table: read.table,
      source: 'jackrabbit',
      today: '2026-11-29',
    });
    expect(r.summary.kind).toBe('dancers');
    expect(r.records.dancers).toEqual([
      {
        file: 'students.xlsx',
        row: 2,
        ref: '5001',
        familyRef: '1042',
        firstName: 'Emma',
        lastName: 'Smith',
        dob: '2017-03-15',
        gender: 'F',
      },
    ]);
    expect(r.refusals.map((x) => x.sentence)).toEqual([
      'Row 3: First Name starts with “=”, which a spreadsheet would run as a formula. Remove it from the cell. Birth Date Dec 31, 2099 is in the future.',
    ]);
  });

  it('answers a sentence, never a throw, for an unknown type, an old XLS, a corrupt XLSX or an empty file', async () => {
    const problem = async (name: string, bytes: Uint8Array) => {
      const read = await tableOfFile({ name, bytes });
      return 'problem' in read ? read.problem : null;
    };
    expect(await problem('photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(
      'The file photo.png is neither a CSV file nor an Excel workbook (XLSX).',
    );
    expect(await problem('old.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toMatch(
      /old Excel workbook/,
    );
    expect(await problem('broken.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatch(
      /^The file broken\.xlsx/,
    );
    expect(await problem('notzip.xlsx', strToU8('just text'))).toMatch(/could not be read|not a workbook/);
    const valid = xlsx([[{ s: 'A' }]]);
    expect(await problem('cut.xlsx', valid.subarray(0, valid.length - 40))).toMatch(/^The file cut\.xlsx/);
    expect(await problem('empty.csv', new Uint8Array())).toBe('The file empty.csv is empty.');
    const notASheet = zipSync({ 'hello.txt': strToU8('hello') });
    expect(await problem('other.xlsx', notASheet)).toMatch(/could not be read as an Excel workbook/);
  });

  it('refuses a zip bomb before reading it', async () => {
    const limit = 4 * 1024 * 1024;
    const huge = new Uint8Array(limit + 1024 * 1024).fill(0x20);
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': [huge, { level: 9 }] });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await tableOfFile({ name: 'bomb.xlsx', bytes: bomb }, limit)).toEqual({
      problem:
        'The file bomb.xlsx is not a workbook Pirouette can read: it is damaged, or it would unpack to more than 4 MB. Save it again as XLSX or CSV.',
    });
    expect(XLSX_INFLATED_MAX).toBe(60 * 1024 * 1024);
  });
});
