import { describe, expect, it } from 'vitest';
import { genreNameInput, LEVEL_OPTIONS, sameGenreName } from './schema';

describe('genres', () => {
  it('tidies a name', () => {
    expect(genreNameInput.parse({ name: '  Hip   Hop ' })).toEqual({ name: 'Hip Hop' });
  });

  it('refuses an empty name with a sentence', () => {
    const result = genreNameInput.safeParse({ name: '   ' });
    expect(result.success ? null : result.error.issues[0]?.message).toBe('Genre name is required');
  });

  it('compares names ignoring case and spacing', () => {
    expect(sameGenreName('hip  hop', 'Hip Hop')).toBe(true);
    expect(sameGenreName('Jazz', 'Jazz Funk')).toBe(false);
  });

  it('numbers the seven levels 1–7', () => {
    expect(LEVEL_OPTIONS).toEqual([
      { id: 1, name: 'Beginner' },
      { id: 2, name: 'Beginner/Intermediate' },
      { id: 3, name: 'Intermediate' },
      { id: 4, name: 'Intermediate/Advanced' },
      { id: 5, name: 'Advanced' },
      { id: 6, name: 'Pre-Competition' },
      { id: 7, name: 'Competition' },
    ]);
  });
});
