import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvMoney } from '../books/csv';
import {
  type CellRead,
  checkCell,
  cleanName,
  isFormula,
  readAge,
  readAges,
  readBalanceDate,
  readBirthDate,
  readDate,
  readDay,
  readEmail,
  readGender,
  readLevel,
  readMoney,
  readPhone,
  readState,
  readTime,
  readTimeRange,
  readWhole,
  readZipcode,
  splitName,
} from './normalise';

const today = '2026-11-29';
const value = <T>(r: CellRead<T>) => (r.ok ? r.value : r.code);

describe('dates', () => {
  it.each([
    ['03/14/2017', '2017-03-14'],
    ['3/4/2017', '2017-03-04'],
    ['7/4/19', '2019-07-04'],
    ['7/4/27', '1927-07-04'],
    ['7/4/26', '2026-07-04'],
    ['03-14-2017', '2017-03-14'],
    ['2017-03-14', '2017-03-14'],
    ['2017/3/4', '2017-03-04'],
    ['2017-03-14T00:00:00Z', '2017-03-14'],
    ['3/14/2017 0:00', '2017-03-14'],
    ['Jan 5, 2015', '2015-01-05'],
    ['January 5 2015', '2015-01-05'],
    ['Sept. 30, 2015', '2015-09-30'],
    ['5 Jan 2015', '2015-01-05'],
    ['42009', '2015-01-05'],
    ['42009.5', '2015-01-05'],
    ['02/30/2017', 'not-a-date'],
    ['13/01/2017', 'not-a-date'],
    ['14.03.2017', 'not-a-date'],
    ['2017', 'not-a-date'],
    ['soon', 'not-a-date'],
    ['', 'not-a-date'],
  ])('%j → %s', (text, expected) => {
    expect(value(readDate(text, 'Birth Date', today))).toBe(expected);
  });

  it('refuses a birth date in the future or over 100 years ago, and a balance date after today', () => {
    expect(value(readBirthDate('01/01/2099', 'DOB', today))).toBe('date-in-future');
    expect(value(readBirthDate('11/28/1926', 'DOB', today))).toBe('date-too-old');
    expect(value(readBirthDate('11/29/1926', 'DOB', today))).toBe('1926-11-29');
    expect(value(readBirthDate('11/29/2026', 'DOB', today))).toBe('2026-11-29');
    expect(value(readBalanceDate('11/30/2026', 'As of', today))).toBe('date-after-import');
    expect(value(readBalanceDate('11/29/2026', 'As of', today))).toBe('2026-11-29');
  });

  it('reads back every date it could have written as MM/DD/YYYY and YYYY-MM-DD', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-03-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          const [y, m, day] = iso.split('-');
          expect(value(readDate(iso, 'D', today))).toBe(iso);
          expect(value(readDate(`${m}/${day}/${y}`, 'D', today))).toBe(iso);
          expect(value(readDate(`${Number(m)}/${Number(day)}/${y}`, 'D', today))).toBe(iso);
        },
      ),
    );
  });
});

describe('phones', () => {
  it.each([
    ['(973) 555-0142', '9735550142'],
    ['973-555-0142', '9735550142'],
    ['973.555.0142', '9735550142'],
    ['+1 973 555 0142', '9735550142'],
    ['9735550142', '9735550142'],
    ['19735550142', '9735550142'],
    ['973-555-0142 x123', '9735550142'],
    ['973-555-0142 ext. 7', '9735550142'],
    ['', ''],
    ['555-0142', 'not-a-phone'],
    ['973-555-01421', 'not-a-phone'],
    ['call me', 'not-a-phone'],
  ])('%j → %s', (text, expected) => {
    expect(value(readPhone(text, 'Phone'))).toBe(expected);
  });
});

describe('phones: properties', () => {
  it('reads 10 digits back from every common way of writing them', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{9}$/), fc.constantFrom('', ' x12', ' ext. 7'), (d, ext) => {
        const [a, b, c] = [d.slice(0, 3), d.slice(3, 6), d.slice(6)];
        for (const written of [
          `(${a}) ${b}-${c}`,
          `${a}-${b}-${c}`,
          `${a}.${b}.${c}`,
          `+1 ${a} ${b} ${c}`,
          d,
        ]) {
          expect(value(readPhone(written + ext, 'Phone'))).toBe(d);
        }
      }),
    );
  });
});

describe('money', () => {
  it.each([
    ['$1,234.50', 123450],
    ['1234.5', 123450],
    ['1234', 123400],
    ['-$20.00', -2000],
    ['$-20', -2000],
    ['($20.00)', -2000],
    ['(20)', -2000],
    ['.5', 50],
    ['0', 0],
    ['-0.00', 0],
    ['12.3000000001', 1230],
    ['$ 1,000,000.00', 100000000],
    ['1.234,50', 'not-money'],
    ['1,23', 'not-money'],
    ['12.345', 'not-money'],
    ['abc', 'not-money'],
    ['--5', 'not-money'],
    ['', 'not-money'],
    ['$1,000,000.01', 'money-too-large'],
    ['99999999999999', 'money-too-large'],
  ])('%j → %s', (text, expected) => {
    expect(value(readMoney(text, 'Balance'))).toBe(expected);
  });

  it('says which column and which text', () => {
    expect(readMoney('abc', 'Balance')).toEqual({
      ok: false,
      code: 'not-money',
      sentence: 'Balance "abc" is not an amount of money.',
    });
  });

  it('reads back what the books write, and what a US spreadsheet shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (cents) => {
        expect(value(readMoney(csvMoney(cents), 'M'))).toBe(cents);
        const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
          cents / 100,
        );
        expect(value(readMoney(shown, 'M'))).toBe(cents);
      }),
    );
  });
});

describe('names and e-mail', () => {
  it.each([
    ['  jane   smith ', 'Jane Smith'],
    ["MARY O'BRIEN", "Mary O'Brien"],
    ['ann-marie', 'Ann-Marie'],
    ['McDonald', 'McDonald'],
    ['de la Cruz', 'de la Cruz'],
    ['李 小龍', '李 小龍'],
  ])('%j → %j', (text, expected) => {
    expect(cleanName(text)).toBe(expected);
  });

  it('cleans a name once for all: cleaning it again changes nothing, and "Last, First" splits back', () => {
    const word = fc.stringMatching(/^[A-Za-z][a-z'-]{0,8}$/);
    fc.assert(
      fc.property(word, word, (first, last) => {
        const once = cleanName(`  ${first}   ${last} `);
        expect(cleanName(once)).toBe(once);
        expect(splitName(`${last}, ${first}`)).toEqual({
          firstName: cleanName(first),
          lastName: cleanName(last),
        });
      }),
    );
  });

  it('splits "Last, First" and "First Last"', () => {
    expect(splitName('Smith, Jane')).toEqual({ firstName: 'Jane', lastName: 'Smith' });
    expect(splitName('SMITH,JANE')).toEqual({ firstName: 'Jane', lastName: 'Smith' });
    expect(splitName('Mary Kate Smith')).toEqual({ firstName: 'Mary Kate', lastName: 'Smith' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('lower-cases an e-mail and refuses what is not one', () => {
    expect(value(readEmail(' Jane.Smith@Example.COM ', 'Email'))).toBe('jane.smith@example.com');
    expect(value(readEmail('', 'Email'))).toBe('');
    expect(value(readEmail('jane@', 'Email'))).toBe('not-an-email');
    expect(value(readEmail('a@x.com; b@y.com', 'Email'))).toBe('not-an-email');
  });

  it('reads states and ZIP codes', () => {
    expect(value(readState('nj', 'State'))).toBe('NJ');
    expect(value(readState('New Jersey', 'State'))).toBe('NJ');
    expect(value(readState('Jersey', 'State'))).toBe('not-a-state');
    expect(value(readZipcode('7042', 'Zip'))).toBe('07042');
    expect(value(readZipcode('070421234', 'Zip'))).toBe('07042-1234');
    expect(value(readZipcode('7', 'Zip'))).toBe('not-a-zipcode');
  });
});

describe('classes: days, times, ages, levels; gender', () => {
  it.each([
    ['Monday', 0],
    ['Mondays', 0],
    ['mon', 0],
    ['M', 0],
    ['Tu', 1],
    ['Tues.', 1],
    ['W', 2],
    ['Thurs', 3],
    ['R', 3],
    ['Th', 3],
    ['Fri', 4],
    ['Sa', 5],
    ['Sunday', 6],
    ['Mon, Wed', 'several-days'],
    ['M/W', 'several-days'],
    ['1', 'not-a-day'],
    ['T', 'not-a-day'],
    ['Someday', 'not-a-day'],
  ])('%j → %s', (text, expected) => {
    expect(value(readDay(text, 'Day'))).toBe(expected);
  });

  it.each([
    ['4:00 PM', '16:00'],
    ['4:00PM', '16:00'],
    ['4pm', '16:00'],
    ['4 p.m.', '16:00'],
    ['4:00p', '16:00'],
    ['12:15 AM', '00:15'],
    ['12:00 pm', '12:00'],
    ['noon', '12:00'],
    ['16:00', '16:00'],
    ['9:05', '09:05'],
    ['16:00:00', '16:00'],
    ['0.6875', '16:30'],
    ['13:00 PM', 'not-a-time'],
    ['25:00', 'not-a-time'],
    ['4', 'not-a-time'],
  ])('%j → %s', (text, expected) => {
    expect(value(readTime(text, 'Start'))).toBe(expected);
  });

  it('reads a range of times', () => {
    expect(value(readTimeRange('4:00-5:00 PM', 'Times'))).toEqual({ start: '16:00', end: '17:00' });
    expect(value(readTimeRange('11:30-12:30 PM', 'Times'))).toEqual({ start: '11:30', end: '12:30' });
    expect(value(readTimeRange('4:00 PM - 5:15 PM', 'Times'))).toEqual({ start: '16:00', end: '17:15' });
    expect(value(readTimeRange('16:00–17:00', 'Times'))).toEqual({ start: '16:00', end: '17:00' });
    expect(value(readTimeRange('4pm to 5pm', 'Times'))).toEqual({ start: '16:00', end: '17:00' });
    expect(value(readTimeRange('5pm-4pm', 'Times'))).toBe('not-a-time');
    expect(value(readTimeRange('4pm', 'Times'))).toBe('not-a-time');
  });

  it('reads ages', () => {
    expect(value(readAges('3-5', 'Ages'))).toEqual({ min: 3, max: 5 });
    expect(value(readAges('3 to 5', 'Ages'))).toEqual({ min: 3, max: 5 });
    expect(value(readAges('Ages 3–5 yrs', 'Ages'))).toEqual({ min: 3, max: 5 });
    expect(value(readAges('5+', 'Ages'))).toEqual({ min: 5, max: 99 });
    expect(value(readAges('8 and up', 'Ages'))).toEqual({ min: 8, max: 99 });
    expect(value(readAges('Adult', 'Ages'))).toEqual({ min: 18, max: 99 });
    expect(value(readAges('6', 'Ages'))).toEqual({ min: 6, max: 6 });
    expect(value(readAges('5-3', 'Ages'))).toBe('not-ages');
    expect(value(readAges('teens', 'Ages'))).toBe('not-ages');
    expect(value(readAge('3y 6m', 'Min'))).toBe(3);
    expect(value(readAge('P4Y0M', 'Min'))).toBe(4);
    expect(value(readAge('5 yrs', 'Min'))).toBe(5);
  });

  it('reads levels, genders and whole numbers', () => {
    expect(value(readLevel('', 'Level'))).toBe(1);
    expect(value(readLevel('Level 3', 'Level'))).toBe(3);
    expect(value(readLevel('intermediate/advanced', 'Level'))).toBe(4);
    expect(value(readLevel('Pre Competition', 'Level'))).toBe(6);
    expect(value(readLevel('8', 'Level'))).toBe('not-a-level');
    expect(value(readGender('Female', 'Gender'))).toBe('F');
    expect(value(readGender('girl', 'Gender'))).toBe('F');
    expect(value(readGender('', 'Gender'))).toBe('F');
    expect(value(readGender('Boy', 'Gender'))).toBe('M');
    expect(value(readGender('m', 'Gender'))).toBe('M');
    expect(value(readGender('Non-binary', 'Gender'))).toBe('not-a-gender');
    expect(value(readWhole('20', 'Max', 0, 500))).toBe(20);
    expect(value(readWhole('20.0', 'Max', 0, 500))).toBe(20);
    expect(value(readWhole('501', 'Max', 0, 500))).toBe('not-a-number');
    expect(value(readWhole('-1', 'Max', 0, 500))).toBe('not-a-number');
  });
});

describe('hostile cells', () => {
  it.each([
    ['=1+1', true],
    ['=HYPERLINK("http://x")', true],
    ['@SUM(A1)', true],
    ['+A1', true],
    ['-A1', true],
    ['-(1+1)', true],
    ["+cmd|' /C calc'!A0", true],
    ['\t=1', true],
    ['\r=1', true],
    ['-20', false],
    ['-$20.00', false],
    ['+1 973 555 0142', false],
    ['-', false],
    ['-.5', false],
    ['Smith', false],
    ['', false],
  ])('%j is a formula: %s', (cell, formula) => {
    expect(isFormula(cell)).toBe(formula);
    expect(value(checkCell(cell, 'Name')) === 'formula').toBe(formula);
  });

  it('refuses a cell over the limit by its length, never its text', () => {
    const read = checkCell('y'.repeat(501), 'Notes');
    expect(read).toEqual({
      ok: false,
      code: 'too-long',
      sentence: 'Notes is 501 characters long; a cell may hold at most 500.',
    });
  });

  it('refuses control characters and the characters that turn text around', () => {
    expect(value(checkCell('Ann\u0000', 'Name'))).toBe('control');
    expect(value(checkCell('Ann\u202Eeil', 'Name'))).toBe('direction');
    expect(value(checkCell('<script>', 'Name'))).toBe('control');
  });

  it('makes line breaks and runs of spaces one space', () => {
    expect(value(checkCell(' 12 Main St\r\nApt 4  ', 'Address'))).toBe('12 Main St Apt 4');
  });

  it('never throws, whatever the cell', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (cell) => {
        for (const read of [
          checkCell(cell, 'C'),
          readDate(cell, 'C', today),
          readMoney(cell, 'C'),
          readPhone(cell, 'C'),
          readTime(cell, 'C'),
          readTimeRange(cell, 'C'),
          readAges(cell, 'C'),
          readDay(cell, 'C'),
          readEmail(cell, 'C'),
        ]) {
          expect(typeof read.ok).toBe('boolean');
          if (!read.ok) expect(read.sentence.length).toBeLessThan(200);
        }
      }),
    );
    // A hundred cells through eleven readers: seconds on a busy machine, never a measure of speed.
  });
});
