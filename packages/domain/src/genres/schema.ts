import { z } from 'zod';
import { LEVELS } from '../constants';
import { text } from '../fields';

/**
 * The studio's dance genres (002 §3, seeded from DEFAULT_GENRES) and the seven fixed levels (000 §3).
 * A genre is retired rather than deleted: classes and dance numbers name genres, and keep their meaning.
 */

export const GENRE_NAME_MAX = 60;
/** A studio's genre list stays short enough to pick from; the cap also keeps the list whole. */
export const GENRES_PER_STUDIO_MAX = 200;

export const GENRE_TEXT = {
  exists: 'This genre already exists.',
  nameRequired: 'Genre name is required',
  notFound: 'This genre could not be found.',
  retired: 'Genre retired: it is no longer offered for new classes.',
  restored: 'Genre restored.',
  tooMany: `A studio can have at most ${GENRES_PER_STUDIO_MAX} genres.`,
} as const;

/** `POST api/mystudio/genres` and `PUT api/mystudio/genres/{id}`. Inner runs of spaces become one. */
export const genreNameInput = z.object({
  name: z
    .string({ error: GENRE_TEXT.nameRequired })
    .pipe(text(GENRE_NAME_MAX, 'Genre name'))
    .transform((s) => s.replace(/\s+/g, ' ')),
});
export type GenreNameInput = z.input<typeof genreNameInput>;

/** `GET api/mystudio/genres?all=1` includes retired genres. */
export const genreListQuery = z.object({ all: z.enum(['0', '1']).optional() });

export const genreItem = z.object({
  id: z.string(),
  name: z.string(),
  retired: z.boolean(),
  order: z.number().int(),
});
export type GenreItem = z.infer<typeof genreItem>;
export const genreList = z.array(genreItem);

/** The seven fixed levels, ids 1–7 in the order of 000 §3. */
export const LEVEL_OPTIONS: readonly { id: number; name: (typeof LEVELS)[number] }[] = LEVELS.map(
  (name, i) => ({ id: i + 1, name }),
);
export const levelItem = z.object({ id: z.number().int(), name: z.string() });
export const levelList = z.array(levelItem);

/** Same name, ignoring case and spacing: the rule the database's unique index keeps. */
export const sameGenreName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
