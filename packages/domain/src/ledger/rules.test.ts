import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, type DateOnly } from '../dates';
import {
  AGING_BUCKETS,
  agingBucket,
  allocate,
  csvField,
  csvRow,
  daysBetween,
  lateFeeDay,
  type OpenCharge,
  oldestFirst,
} from './rules';

/**
 * The ledger's pure rules (issue 16): which charges a payment pays (oldest first, or the picked ones),
 * how old a debt is, when a late fee falls due, and the CSV the accountant imports. Tables for the
 * cases the issue names, and properties over generated charges, days and texts.
 */

const charge = (id: string, dueDate: DateOnly, open: number, seq = 0): OpenCharge => ({
  id,
  dueDate,
  seq,
  open,
});

describe('allocate', () => {
  const jan = charge('jan', '2027-01-01', 6500, 2);
  const dec = charge('dec', '2026-12-01', 6500, 1);
  const fee = charge('fee', '2026-11-21', 3500, 0);
  const late = charge('late', '2026-12-01', 2000, 3);

  it.each([
    ['nothing to pay with', [dec, jan], 0, undefined, [], 0],
    [
      'the oldest first',
      [jan, dec, fee],
      5000,
      undefined,
      [
        ['fee', 3500],
        ['dec', 1500],
      ],
      0,
    ],
    [
      'exactly everything',
      [jan, dec],
      13_000,
      undefined,
      [
        ['dec', 6500],
        ['jan', 6500],
      ],
      0,
    ],
    [
      'more than everything: the rest is credit',
      [jan, dec],
      15_000,
      undefined,
      [
        ['dec', 6500],
        ['jan', 6500],
      ],
      2000,
    ],
    [
      'due the same day: as posted',
      [late, dec],
      7000,
      undefined,
      [
        ['dec', 6500],
        ['late', 500],
      ],
      0,
    ],
    [
      'picked items only, oldest of them first',
      [fee, dec, jan],
      8000,
      ['jan', 'fee'],
      [
        ['fee', 3500],
        ['jan', 4500],
      ],
      0,
    ],
    [
      'picked and paid in full: the rest is credit',
      [fee, dec, jan],
      20_000,
      ['dec'],
      [['dec', 6500]],
      13_500,
    ],
    ['a pick of nothing open pays nothing', [fee], 1000, ['gone'], [], 1000],
    [
      'an empty pick is no pick',
      [dec, fee],
      4000,
      [],
      [
        ['fee', 3500],
        ['dec', 500],
      ],
      0,
    ],
    ['no open charges: all of it is credit', [], 2500, undefined, [], 2500],
  ] as const)('%s', (_, charges, amount, picked, allocations, rest) => {
    const out = allocate(charges, amount, picked);
    expect(out.allocations.map((a) => [a.chargeId, a.amount])).toEqual(allocations);
    expect(out.rest).toBe(rest);
  });

  it('skips a charge with nothing open', () => {
    expect(allocate([charge('paid', '2026-01-01', 0), dec], 100).allocations).toEqual([
      { chargeId: 'dec', amount: 100 },
    ]);
  });

  it.each([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s cents', (amount) => {
    expect(() => allocate([dec], amount)).toThrow(/whole cents/);
  });

  it('leaves the charges it was given as they were', () => {
    const charges = [jan, dec];
    const copy = structuredClone(charges);
    allocate(charges, 9000);
    expect(charges).toEqual(copy);
  });

  // Charges with few due dates, so that ties (paid in posting order) are common.
  const day = fc.constantFrom('2026-11-21', '2026-12-01', '2027-01-01', '2027-01-15', '2027-02-01');
  const charges = fc
    .uniqueArray(
      fc.record({
        id: fc.constantFrom(...'abcdefghij'),
        dueDate: day,
        open: fc.integer({ min: 1, max: 20_000 }),
      }),
      { selector: (c) => c.id, maxLength: 10 },
    )
    .chain((cs) =>
      // Posting order: a permutation, each charge its own place.
      fc
        .shuffledSubarray(
          cs.map((_, i) => i),
          { minLength: cs.length, maxLength: cs.length },
        )
        .map((order) => cs.map((c, i): OpenCharge => ({ ...c, seq: order[i]! }))),
    );
  const amount = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constant(0));
  const picks = (cs: OpenCharge[]) =>
    fc.option(fc.subarray([...cs.map((c) => c.id), 'not-a-charge']), { nil: undefined });
  const input = charges.chain((cs) => fc.record({ cs: fc.constant(cs), amount, picked: picks(cs) }));

  it('never gives a charge more than it has open, nor anything to one not picked', () => {
    fc.assert(
      fc.property(input, ({ cs, amount, picked }) => {
        const { allocations } = allocate(cs, amount, picked);
        const eligible = picked && picked.length > 0 ? new Set(picked) : null;
        const ids = allocations.map((a) => a.chargeId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const a of allocations) {
          const c = cs.find((x) => x.id === a.chargeId)!;
          expect(c).toBeDefined();
          expect(a.amount).toBeGreaterThan(0);
          expect(a.amount).toBeLessThanOrEqual(c.open);
          expect(Number.isInteger(a.amount)).toBe(true);
          if (eligible) expect(eligible.has(a.chargeId)).toBe(true);
        }
      }),
    );
  });

  it('puts amount − rest against charges, and keeps a rest only when everything (picked) is paid', () => {
    fc.assert(
      fc.property(input, ({ cs, amount, picked }) => {
        const { allocations, rest } = allocate(cs, amount, picked);
        const eligible = cs.filter((c) => !picked || picked.length === 0 || picked.includes(c.id));
        const open = eligible.reduce((s, c) => s + c.open, 0);
        expect(allocations.reduce((s, a) => s + a.amount, 0)).toBe(amount - rest);
        expect(rest).toBeGreaterThanOrEqual(0);
        expect(rest).toBe(Math.max(0, amount - open));
        if (rest > 0) {
          for (const c of eligible) expect(allocations.find((a) => a.chargeId === c.id)?.amount).toBe(c.open);
        }
      }),
    );
  });

  it('pays the oldest first: by due date, then as posted; only the last one paid may be paid in part', () => {
    fc.assert(
      fc.property(input, ({ cs, amount, picked }) => {
        const { allocations } = allocate(cs, amount, picked);
        const eligible = cs
          .filter((c) => !picked || picked.length === 0 || picked.includes(c.id))
          .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.seq - b.seq));
        // The allocations are a prefix of the eligible charges in that order …
        expect(allocations.map((a) => a.chargeId)).toEqual(
          eligible.slice(0, allocations.length).map((c) => c.id),
        );
        // … each paid in full but the last.
        allocations.slice(0, -1).forEach((a, i) => {
          expect(a.amount).toBe(eligible[i]!.open);
        });
      }),
    );
  });

  it('orders by due date, then posting order, whatever order it is given', () => {
    fc.assert(
      fc.property(charges, (cs) => {
        const sorted = oldestFirst(cs);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          expect(compareDates(a.dueDate, b.dueDate) < 0 || (a.dueDate === b.dueDate && a.seq < b.seq)).toBe(
            true,
          );
        }
        expect(oldestFirst([...cs].reverse())).toEqual(sorted);
      }),
    );
  });
});

describe('agingBucket', () => {
  it.each([
    ['2026-12-01', '2026-11-21', 'not-due'],
    ['2026-12-01', '2026-11-30', 'not-due'],
    ['2026-12-01', '2026-12-01', '0-30'],
    ['2026-12-01', '2026-12-02', '0-30'],
    ['2027-06-01', '2026-12-31', 'not-due'],
    ['2026-12-01', '2026-12-31', '0-30'],
    ['2026-12-01', '2027-01-01', '31-60'],
    ['2026-12-01', '2027-01-30', '31-60'],
    ['2026-12-01', '2027-01-31', '61-90'],
    ['2026-12-01', '2027-03-01', '61-90'],
    ['2026-12-01', '2027-03-02', '90+'],
    ['2027-01-31', '2027-03-02', '0-30'],
    ['2028-02-01', '2028-03-02', '0-30'],
    ['2028-02-01', '2028-03-03', '31-60'],
    ['2026-03-01', '2026-03-31', '0-30'],
    ['2026-03-01', '2026-04-01', '31-60'],
    ['2020-01-01', '2026-11-21', '90+'],
  ] as const)('due %s, on %s: %s', (due, today, bucket) => {
    expect(agingBucket(due, today)).toBe(bucket);
  });

  const date = fc
    .date({
      min: new Date('2020-01-01T00:00:00Z'),
      max: new Date('2032-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

  it('is not yet due before its due date, then the age in whole days past due: ≤ 30, ≤ 60, ≤ 90, or more', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -400, max: 800 }), (due, age) => {
        const today = addDays(due, age);
        expect(daysBetween(due, today)).toBe(age);
        expect(agingBucket(due, today)).toBe(
          age < 0 ? 'not-due' : age <= 30 ? '0-30' : age <= 60 ? '31-60' : age <= 90 ? '61-90' : '90+',
        );
      }),
    );
  });

  it('only gets older as the days pass', () => {
    fc.assert(
      fc.property(date, date, date, (due, a, b) => {
        const [early, late] = compareDates(a, b) <= 0 ? [a, b] : [b, a];
        expect(AGING_BUCKETS.indexOf(agingBucket(due, early))).toBeLessThanOrEqual(
          AGING_BUCKETS.indexOf(agingBucket(due, late)),
        );
      }),
    );
  });
});

describe('lateFeeDay', () => {
  it.each([
    ['2026-12-01', 14, '2026-12-15'],
    ['2026-12-20', 14, '2027-01-03'],
    ['2028-02-20', 14, '2028-03-05'],
    ['2027-02-20', 14, '2027-03-06'],
    ['2027-03-01', 14, '2027-03-15'],
    ['2027-11-01', 14, '2027-11-15'],
    ['2026-12-01', 0, '2026-12-01'],
    ['2026-12-01', 5, '2026-12-06'],
  ] as const)('due %s, %i days of grace: %s', (due, grace, day) => {
    expect(lateFeeDay(due, grace)).toBe(day);
  });

  it('is the due date plus the grace days, across months, years, leap days and clock changes', () => {
    const due = fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2035-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(due, fc.integer({ min: 0, max: 60 }), (d, grace) => {
        const day = lateFeeDay(d, grace);
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(day).toBe(addDays(d, grace));
        expect(daysBetween(d, day)).toBe(grace);
      }),
    );
  });
});

/** A tiny RFC 4180 reader: fields split by commas, quoted ones with "" for a quote; records by CRLF or LF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i++;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (ch === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else {
      // A quote inside an unquoted field, or a lone CR, is malformed CSV.
      if (ch === '"' || ch === '\r') throw new Error(`malformed CSV at ${i}: ${JSON.stringify(text)}`);
      field += ch;
      i++;
    }
  }
  if (quoted) throw new Error(`unterminated quote: ${JSON.stringify(text)}`);
  record.push(field);
  records.push(record);
  return records;
}

/** What a spreadsheet must read back of a value: defused when a text starts like a formula. */
const readBack = (v: string | number | null | undefined) =>
  v === null || v === undefined
    ? ''
    : typeof v === 'number'
      ? String(v)
      : /^[=+\-@\t\r]/.test(v)
        ? `'${v}`
        : v;

describe('csvField and csvRow', () => {
  it.each([
    ['plain', 'Recital costume', 'Recital costume'],
    ['a comma', 'Smith, Ann', '"Smith, Ann"'],
    ['a quote', 'The "Nutcracker"', '"The ""Nutcracker"""'],
    ['a line break', 'line 1\nline 2', '"line 1\nline 2"'],
    ['a carriage return', 'a\r\nb', '"a\r\nb"'],
    ['a formula', '=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['a plus', '+1 973 555 0100', "'+1 973 555 0100"],
    ['a minus', '-2+3', "'-2+3"],
    ['an at', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab first', '\t=1', "'\t=1"],
    ['a carriage return first', '\r=1', '"\'\r=1"'],
    ['empty', '', ''],
    ['a number', -12.5, '-12.5'],
    ['zero', 0, '0'],
    ['null', null, ''],
    ['undefined', undefined, ''],
  ] as const)('%s', (_, value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('joins a row with commas', () => {
    expect(csvRow(['2026-12-01', 'Tuition, December', 65, null, '=1+1'])).toBe(
      '2026-12-01,"Tuition, December",65,,\'=1+1',
    );
  });

  const value = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.string({
      unit: fc.constantFrom('a', ',', '"', '\n', '\r', '=', '+', '-', '@', '\t', ' ', "'"),
      maxLength: 8,
    }),
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    fc.constantFrom(null, undefined),
  );

  it('reads back, through a CSV reader, as the values it was given (texts that look like formulas defused)', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 8 }), (values) => {
        expect(parseCsv(csvRow(values))).toEqual([values.map(readBack)]);
      }),
    );
  });

  it('reads back a whole file of rows, line breaks inside fields and all', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(value, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (table) => {
          expect(parseCsv(table.map(csvRow).join('\r\n'))).toEqual(table.map((r) => r.map(readBack)));
        },
      ),
    );
  });

  it('never leaves a text a spreadsheet would run as a formula', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (text) => {
        const [[cell]] = parseCsv(csvField(text)) as [[string]];
        expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
      }),
    );
  });
});
