import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allLateSpreads, lateSpreads } from './late-spread';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The server's code (the web app runs in browsers, whose engines differ). */
const CHECKED = ['apps/api/src', 'packages/domain/src'];

/**
 * The late spreads left in the server's code on 2026-11-30 (decision 091): most run once a request, on
 * one object. The number may only go down; a new object literal writes its fields in order, or uses
 * `withFields` / `Object.assign`.
 */
const CEILING = 419;

/**
 * Files that make an object per row of an answer read under the evening's load, or one per request
 * that every later step reads: none may hold a late spread.
 */
const PER_ROW = [
  'apps/api/src/http/access.ts',
  'apps/api/src/modules/accounts/accounts.presenters.ts',
  'apps/api/src/modules/class-registration/builder-classes.ts',
  'apps/api/src/modules/class-registration/plan-figures.ts',
  'apps/api/src/modules/schedule/schedule.presenters.ts',
  'packages/domain/src/tuition/discount.ts',
  'packages/domain/src/tuition/payment-schedule.ts',
];

describe('object literals that give each object its own hidden class (decision 091)', () => {
  const all = allLateSpreads(ROOT, CHECKED);

  it('are none in the files that make an object per row or per request', () => {
    expect(all.filter((s) => PER_ROW.includes(s.file)).map((s) => `${s.file}:${s.line}`)).toEqual([]);
  });

  it(`number at most ${CEILING} in the server's code`, () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.length).toBeLessThanOrEqual(CEILING);
  });

  it('are found after a spread, and not before one', () => {
    const text = [
      'const a = { ...row, total };', // 1: late
      'const b = { id, ...row };', // 2: fine
      'const c = { id, ...row, total };', // 3: late
      'const d = { ...a, ...b };', // 4: late
      'const e = { ...a };', // 5: fine
      'const f = { x: { ...row, y } };', // 6: late, inside
    ].join('\n');
    expect(lateSpreads('x.ts', text).map((s) => s.line)).toEqual([1, 3, 4, 6]);
  });
});
