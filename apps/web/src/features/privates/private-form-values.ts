import {
  DEFAULT_SONG_LENGTH,
  PRIVATE_TYPES,
  type PriceOption,
  type PrivateFieldsInput,
  type PrivateLesson,
} from '@pirouette/domain';

/** The form's values: the fields of a private lesson as newPrivateInput reads them; `type` 0 is unchosen. */
export type PrivateFormValues = Required<PrivateFieldsInput>;

/** A new lesson starts at the chosen location, as the given type, with a 2:00 song (002 §3). */
export function newPrivateValues(defaults: { locationID: string | null; type?: number }): PrivateFormValues {
  return {
    name: '',
    type: defaults.type ?? 0,
    teacherID: '',
    priceID: '',
    genreID: '',
    locationID: defaults.locationID ?? '',
    songName: '',
    songArtist: '',
    songLength: DEFAULT_SONG_LENGTH,
  };
}

/** An existing lesson's fields, to edit. */
export function privateValues(lesson: PrivateLesson): PrivateFormValues {
  return {
    name: lesson.name,
    type: lesson.type,
    teacherID: lesson.teacherID,
    priceID: lesson.priceID,
    genreID: lesson.genreID,
    locationID: lesson.locationID,
    songName: lesson.songName,
    songArtist: lesson.songArtist,
    songLength: lesson.songLength || DEFAULT_SONG_LENGTH,
  };
}

/**
 * The price a type most likely takes: the one named after it ("Solo" for a solo, "Duet · 30 min"…), so
 * choosing the type fills the price; the owner can still pick another.
 */
export function suggestedPrice(prices: readonly PriceOption[], type: number): PriceOption | null {
  const name = PRIVATE_TYPES.find((t) => t.id === type)?.name.toLowerCase();
  if (!name) return null;
  const words = (text: string) => text.toLowerCase().split(/[^a-z]+/);
  return prices.find((p) => words(p.name).includes(name)) ?? null;
}
