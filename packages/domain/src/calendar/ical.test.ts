import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapeText,
  familyCalendarEvents,
  foldLine,
  ICAL_LINE_OCTETS,
  icalUtc,
  namesTogether,
  unescapeText,
  unfoldLines,
  wallTimeToUtc,
  weeklyDates,
  writeICalendar,
} from './ical';

const octets = (s: string) => new TextEncoder().encode(s).length;
const NY = 'America/New_York';

describe('TEXT escaping', () => {
  it.each([
    ['Ballet, Tap; Jazz', 'Ballet\\, Tap\\; Jazz'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['crlf\r\nline', 'crlf\\nline'],
    ['a\u0007bell', 'abell'],
    ['Maya — Ballet 2', 'Maya — Ballet 2'],
  ])('%j → %j', (raw, escaped) => {
    expect(escapeText(raw)).toBe(escaped);
  });

  it('is undone by unescaping, for any text (line breaks read back as LF)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters TEXT cannot hold
        const clean = text.replace(/\r\n|\r/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
        expect(unescapeText(escapeText(text))).toBe(clean);
      }),
    );
  });
});

describe('folding', () => {
  it('leaves a line of 75 octets alone and cuts one of 76 into 75 and " " + 1', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('never cuts inside a character: é (2 octets) and 🩰 (4 octets) stay whole', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(40)}${'🩰'.repeat(20)}`);
    for (const line of folded.split('\r\n')) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/\uFFFD/);
    }
    expect(unfoldLines(`${folded}\r\n`)).toEqual([`SUMMARY:${'é'.repeat(40)}${'🩰'.repeat(20)}`]);
  });

  it('folds a line exactly when its UTF-8 is over 75 octets, whatever it holds (lone surrogates too)', () => {
    const unit = fc.oneof(
      fc.constantFrom('x', 'é', '—', '🩰', '\ud83e', '\udd70'),
      fc.string({ unit: 'binary', maxLength: 3 }),
    );
    // Lines of 70 to 80 octets, each a run of x then what was drawn: the fold's edge, both sides of it.
    const line = fc
      .tuple(fc.array(unit, { maxLength: 20 }), fc.integer({ min: 70, max: 80 }))
      .map(([units, size]) => {
        const tail = units.join('');
        return 'x'.repeat(Math.max(0, size - octets(tail))) + tail;
      });
    fc.assert(
      fc.property(line, (text) => {
        expect(foldLine(text) === text).toBe(octets(text) <= ICAL_LINE_OCTETS);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every line within 75 octets, and unfolding gives the line back, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${escapeText(text)}`;
        const folded = foldLine(line);
        for (const part of folded.split('\r\n')) expect(octets(part)).toBeLessThanOrEqual(ICAL_LINE_OCTETS);
        expect(unfoldLines(`${folded}\r\n`)).toEqual([line]);
        expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(folded))).toBe(
          folded,
        );
      }),
    );
  });
});

describe("the studio's wall time in UTC", () => {
  it.each([
    // New York: EST (−5) until 2027-03-14 2:00, EDT (−4) after; back to EST on 2026-11-01 2:00.
    ['2027-03-09', '17:00:00', NY, '20270309T220000Z'],
    ['2027-03-16', '17:00:00', NY, '20270316T210000Z'],
    ['2026-10-27', '16:30', NY, '20261027T203000Z'],
    ['2026-11-03', '16:30', NY, '20261103T213000Z'],
    // Skipped by the spring change: read with the offset before it, an hour later on the clock.
    ['2027-03-14', '02:30', NY, '20270314T073000Z'],
    // Repeated in the autumn: the first of the two.
    ['2026-11-01', '01:30', NY, '20261101T053000Z'],
    ['2027-03-16', '17:00', 'America/Los_Angeles', '20270317T000000Z'],
    ['2027-03-26', '17:00', 'Europe/London', '20270326T170000Z'],
    ['2027-03-30', '17:00', 'Europe/London', '20270330T160000Z'],
    ['2027-01-12', '09:00', 'Asia/Kolkata', '20270112T033000Z'],
    ['2027-01-12', '18:00', 'UTC', '20270112T180000Z'],
  ])('%s %s in %s is %s', (date, time, zone, utc) => {
    expect(icalUtc(wallTimeToUtc(date, time, zone))).toBe(utc);
  });

  it('reads back as the same wall time for any date and any time outside the change hours', () => {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: NY,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        fc.integer({ min: 3, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (day, hour, minute) => {
          const date = day.toISOString().slice(0, 10);
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          expect(format.format(wallTimeToUtc(date, time, NY)).replace(',', '')).toBe(`${date} ${time}`);
        },
      ),
    );
  });
});

describe('weekly dates and names', () => {
  it('walks a weekday (0 Monday) over a range, both ends included', () => {
    expect(weeklyDates(1, '2027-03-01', '2027-03-23')).toEqual([
      '2027-03-02',
      '2027-03-09',
      '2027-03-16',
      '2027-03-23',
    ]);
    expect(weeklyDates(0, '2027-03-01', '2027-03-01')).toEqual(['2027-03-01']);
    expect(weeklyDates(6, '2027-03-08', '2027-03-01')).toEqual([]);
  });

  it('names one, two or three dancers', () => {
    expect(namesTogether(['Maya'])).toBe('Maya');
    expect(namesTogether(['Maya', 'Leo'])).toBe('Maya & Leo');
    expect(namesTogether(['Maya', 'Leo', 'Anika'])).toBe('Maya, Leo & Anika');
  });
});

describe("a family's calendar", () => {
  const ballet = {
    id: 'c1',
    name: 'Ballet 2',
    day: 1,
    timeStart: '17:00:00',
    timeEnd: '18:00:00',
    termStart: '2027-03-01',
    termEnd: '2027-03-23',
    place: 'Main Studio (Studio A), 12 Bloomfield Ave, Montclair, NJ 07042',
    teacher: 'Maria Tallchief',
    dancers: [
      { name: 'Maya', from: '2027-03-01', until: '2027-03-23' },
      { name: 'Leo', from: '2027-03-10', until: '2027-03-23' },
    ],
  };
  const regional = {
    id: 'e1',
    name: 'Starpower Regional',
    dateStart: '2027-03-05',
    dateEnd: '2027-03-07',
    place: 'Meadowlands Expo Center, 355 Plaza Dr, Secaucus, NJ 07094',
    dancers: [
      { name: 'Maya', entries: ['Small Group: Fever', 'Solo: Hallelujah'] },
      { name: 'Leo', entries: ['Small Group: Fever'] },
    ],
  };
  const events = familyCalendarEvents({
    timeZone: NY,
    classes: [ballet],
    competitions: [regional],
    uidDomain: 'studio.example',
  });

  it('has one event per class meeting naming the dancers in it that day, and the competition over its days', () => {
    expect(events.map((e) => e.summary)).toEqual([
      'Maya — Ballet 2',
      'Maya & Leo — Starpower Regional',
      'Maya — Ballet 2',
      'Maya & Leo — Ballet 2',
      'Maya & Leo — Ballet 2',
    ]);
    expect(events.map((e) => e.uid)).toEqual([
      'class-c1-2027-03-02@studio.example',
      'competition-e1@studio.example',
      'class-c1-2027-03-09@studio.example',
      'class-c1-2027-03-16@studio.example',
      'class-c1-2027-03-23@studio.example',
    ]);
    expect(events[1]!.when).toEqual({ kind: 'all-day', start: '2027-03-05', endExclusive: '2027-03-08' });
    expect(events[1]!.description).toContain('Maya: Small Group: Fever; Solo: Hallelujah');
  });

  it('keeps 5 PM across the March change (22:00 UTC before, 21:00 after)', () => {
    const starts = events.flatMap((e) => (e.when.kind === 'timed' ? [icalUtc(e.when.start)] : []));
    expect(starts).toEqual(['20270302T220000Z', '20270309T220000Z', '20270316T210000Z', '20270323T210000Z']);
  });

  it('writes RFC 5545 text: CRLF, folded, escaped, UTC times, all-day dates', () => {
    const text = writeICalendar({
      name: 'Pirouette, Dance; Academy',
      stamp: new Date('2026-11-21T15:00:00Z'),
      events,
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const lines = unfoldLines(text);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('X-WR-CALNAME:Pirouette\\, Dance\\; Academy');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(5);
    expect(lines.filter((l) => l === 'DTSTAMP:20261121T150000Z')).toHaveLength(5);
    expect(lines).toContain('DTSTART:20270316T210000Z');
    expect(lines).toContain('DTEND:20270316T220000Z');
    expect(lines).toContain('DTSTART;VALUE=DATE:20270305');
    expect(lines).toContain('DTEND;VALUE=DATE:20270308');
    expect(lines).toContain('LOCATION:Main Studio (Studio A)\\, 12 Bloomfield Ave\\, Montclair\\, NJ 07042');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
  });

  it('marks a meeting of a closure cancelled, the same event (UID) with STATUS:CANCELLED and the reason', () => {
    const closed = familyCalendarEvents({
      timeZone: NY,
      classes: [
        { ...ballet, closures: [{ dateFrom: '2027-03-15', dateTo: '2027-03-19', reason: 'Spring break' }] },
      ],
      competitions: [],
      uidDomain: 'studio.example',
    });
    const cancelled = closed.filter((e) => e.cancelled);
    expect(cancelled.map((e) => e.uid)).toEqual(['class-c1-2027-03-16@studio.example']);
    expect(cancelled[0]!.summary).toBe('Cancelled: Maya & Leo — Ballet 2');
    expect(cancelled[0]!.description).toContain('Cancelled: the studio is closed (Spring break).');
    const lines = unfoldLines(
      writeICalendar({ name: 'Feed', stamp: new Date('2026-11-21T15:00:00Z'), events: closed }),
    );
    expect(lines.filter((l) => l === 'STATUS:CANCELLED')).toHaveLength(1);
    const at = lines.indexOf('UID:class-c1-2027-03-16@studio.example');
    expect(lines.slice(at, lines.indexOf('END:VEVENT', at))).toContain('STATUS:CANCELLED');
  });
});
