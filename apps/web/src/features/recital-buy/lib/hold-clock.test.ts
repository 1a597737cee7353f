import { describe, expect, it } from 'vitest';
import { clockText, clockWords, isUrgent, msLeft } from './hold-clock';

const END = '2027-05-01T15:10:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('the hold countdown', () => {
  it('counts what is left of the hold, never below nothing', () => {
    expect(msLeft(END, at('2027-05-01T15:00:00.000Z'))).toBe(600_000);
    expect(msLeft(END, at('2027-05-01T15:12:00.000Z'))).toBe(0);
  });

  it("corrects by the server's clock when the device's is off", () => {
    // The device is two minutes behind the server: two minutes fewer are left than the device thinks.
    expect(msLeft(END, at('2027-05-01T15:00:00.000Z'), 120_000)).toBe(480_000);
  });

  it.each([
    [600_000, '10:00'],
    [599_001, '10:00'],
    [599_000, '9:59'],
    [65_000, '1:05'],
    [400, '0:01'],
    [0, '0:00'],
  ])('%i ms left reads %s', (ms, text) => {
    expect(clockText(ms)).toBe(text);
  });

  it('tells a screen reader once a minute, then once for the last minute', () => {
    expect(clockWords(600_000)).toBe('10 minutes left to pay.');
    expect(clockWords(540_500)).toBe('10 minutes left to pay.');
    expect(clockWords(61_000)).toBe('2 minutes left to pay.');
    expect(clockWords(59_000)).toBe('Less than a minute left to pay.');
    expect(clockWords(0)).toBe('Your hold has ended.');
  });

  it('turns urgent in the last two minutes', () => {
    expect(isUrgent(121_000)).toBe(false);
    expect(isUrgent(120_000)).toBe(true);
  });
});
