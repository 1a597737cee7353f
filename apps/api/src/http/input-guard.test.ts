import { describe, expect, it } from 'vitest';
import { holdsUnstorableText } from './input-guard';

describe('holdsUnstorableText', () => {
  it.each([
    ['a NUL in a value', { name: 'a\u0000b' }, true],
    ['a lone high surrogate', { name: '\uD800' }, true],
    ['a lone low surrogate deep inside', { a: [{ b: 'x\uDC00' }] }, true],
    ['a NUL in a key', { 'n\u0000': 'x' }, true],
    ['an emoji (a proper pair)', { name: 'Ballet 🩰' }, false],
    ['right-to-left text and accents', { name: 'בלט Éléonore' }, false],
    ['numbers and nulls', { a: 1, b: null, c: [true] }, false],
    ['nothing', undefined, false],
  ])('%s', (_case, value, expected) => {
    expect(holdsUnstorableText(value)).toBe(expected);
  });
});

describe('text that cannot be stored, through the API', () => {
  // The two requests the route fuzzer found answering 500 before the guard existed.
  it('is refused with a 400 in the envelope and stores nothing', async () => {
    const { buildTestApp } = await import('../../test/build-test-app');
    const { registerStudio, signIn } = await import('../../test/flows');
    const t = await buildTestApp();
    try {
      await registerStudio(t, 'owner@guard.example');
      const { token } = await signIn(t, 'owner@guard.example');
      const headers = { 'x-access-token': token };
      const genre = await t.call({
        method: 'POST',
        url: '/api/mystudio/genres',
        headers,
        payload: { name: '\uD800' },
      });
      expect(genre.status).toBe(400);
      expect(genre.body[0]).toBe(false);
      const fee = await t.call({
        method: 'PUT',
        url: '/api/mystudio/settings/money',
        headers,
        payload: { registrationFee: { amount: 3500, participation: 'a\u0000b' } },
      });
      expect(fee.status).toBe(400);
      const genres = await t.call({ method: 'GET', url: '/api/mystudio/genres', headers });
      expect(genres.body[1]).toHaveLength(8);
    } finally {
      await t.close();
    }
  });
});
