import { describe, expect, it } from 'vitest';
import { chosenCount, copiedEmails, shownEmails } from './email-selection';

const emails = ['b@x.example', 'a@x.example', 'C@x.example'];

describe('copiedEmails', () => {
  it('copies every address when none is left out, sorted and lower-cased, with ", "', () => {
    expect(copiedEmails(emails, new Set())).toBe('a@x.example, b@x.example, c@x.example');
  });

  it('leaves out the unchosen ones', () => {
    expect(copiedEmails(emails, new Set(['a@x.example']))).toBe('b@x.example, c@x.example');
    expect(copiedEmails(emails, new Set(emails))).toBe('');
  });

  it('never repeats an address', () => {
    expect(copiedEmails(['a@x.example', ' A@X.example ', 'a@x.example'], new Set())).toBe('a@x.example');
  });
});

describe('shownEmails and chosenCount', () => {
  it('shows each address once, sorted', () => {
    expect(shownEmails(['b@x.example', 'a@x.example', 'b@x.example', ''])).toEqual([
      'a@x.example',
      'b@x.example',
    ]);
  });

  it('counts the chosen addresses', () => {
    expect(chosenCount(emails, new Set(['b@x.example']))).toBe(2);
  });
});
