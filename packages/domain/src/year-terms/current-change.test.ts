import { describe, expect, it } from 'vitest';
import { currentTermChangeText } from './current-change';

describe('currentTermChangeText', () => {
  it('says what the whole studio will see, with the counts of both terms', () => {
    const text = currentTermChangeText({
      studio: 'Demo Dance Academy',
      from: { name: '2025-2026', counts: { nCls: 12, nPriv: 3, nActive: 40 } },
      to: { name: '2026-2027', counts: { nCls: 1, nPriv: 0, nActive: 1 } },
    });
    expect(text).toEqual({
      title: 'Make 2026-2027 the current year term?',
      intro:
        'This changes the current year term for the whole studio, not only for you: everyone who works in Demo Dance Academy will see 2026-2027 instead of 2025-2026.',
      effects: [
        'The class schedule and the privates show the 1 class and 0 private lessons of 2026-2027 (2025-2026 has 12 classes and 3 private lessons).',
        'The list of accounts counts a family as active by its registrations in 2026-2027: 1 family would be active, where 40 are now.',
        "Parents see their children's classes of 2026-2027 in the parent portal.",
      ],
      warning: null,
      confirm: 'Make 2026-2027 current',
    });
  });

  it('warns when the term holds nothing, and says less while the counts load or without a current term', () => {
    const empty = currentTermChangeText({
      studio: 'Studio',
      from: null,
      to: { name: 'Summer', counts: { nCls: 0, nPriv: 0, nActive: 0 } },
    });
    expect(empty.intro).toBe(
      'This changes the current year term for the whole studio, not only for you: everyone who works in Studio will see Summer.',
    );
    expect(empty.effects[1]).toBe(
      'The list of accounts counts a family as active by its registrations in Summer: 0 families would be active.',
    );
    expect(empty.warning).toBe(
      'Summer has no classes or private lessons yet, so no family will be active until families register in it.',
    );
    const loading = currentTermChangeText({
      studio: 'Studio',
      from: { name: 'Fall', counts: null },
      to: { name: 'Summer', counts: null },
    });
    expect(loading.effects).toEqual([]);
    expect(loading.warning).toBeNull();
  });
});
