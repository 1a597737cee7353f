import { z } from 'zod';
import { isDateOnly } from '../dates-core';
import { optionalLine, text } from '../fields';
import { idSaying } from '../ids';
import type { Unsatisfied } from './proposal';
import { hhmmMinutes, lengthText } from './running-order';

/**
 * The recital's shows and running order (issue 38 items 1–2, decision 072): a recital's details, its
 * shows, the dance numbers that need a show and where each dances, the proposal, each show's running
 * order, the programme and the backstage list.
 */

export const RECITAL_SHOWS_TEXT = {
  invalid: 'That recital, show or dance number was not found. Reload the page and try again.',
  recitalNotFound: 'That recital was not found. Reload the page and try again.',
  showNotFound: 'That show was not found. Reload the page and try again.',
  numberNotFound: 'That dance number does not need a show in this recital. Reload the page and try again.',
  badPage: 'Choose a page number from 1.',
  name: 'The name',
  venueName: 'The venue',
  venueAddress: "The venue's address",
  day: 'Please enter a day (YYYY-MM-DD) that exists.',
  days: 'The last day must be on or after the first day.',
  gap: 'The gap between numbers is a whole number of seconds from 0 to 600.',
  intermission: 'The intermission is a whole number of minutes from 0 to 120.',
  time: 'Please enter a time as HH:MM (24-hour clock), for example 18:30.',
  doorsBefore: 'The doors must open at or before the curtain.',
  dayOutside: "The show's day must be one of the recital's days.",
  showsOutside: (n: number) =>
    `${n === 1 ? 'A show falls' : `${n} shows fall`} outside those days. Move ${n === 1 ? 'it' : 'them'} first, or choose days that hold ${n === 1 ? 'it' : 'them'}.`,
  nameTaken: 'The recital already has a show of that name.',
  archived: 'This recital is archived. Bring it back before changing it.',
  created: 'The recital is created.',
  saved: 'The recital is saved.',
  archivedDone: 'The recital is archived.',
  restored: 'The recital is back in the list.',
  showAdded: 'The show is added.',
  showSaved: 'The show is saved.',
  showRemoved: 'The show is removed; its numbers are back among the numbers that need a show.',
  showHasTickets: (n: number) =>
    `This show has ${n} ${n === 1 ? 'ticket' : 'tickets'} sold or being bought, so it cannot be removed. Refund or move ${n === 1 ? 'it' : 'them'} first.`,
  showHasOrders:
    'This show has ticket orders on the studio’s books (refunded, or a payment being checked), so it stays. Rename it or change its time instead.',
  lockNeedsShow: 'Put the number in a show before locking it there.',
  numberSaved: 'The number is saved.',
  noShows: 'Add a show first: the proposal places numbers in shows.',
  assignmentSaved: 'The shows are saved.',
  notTheNumbers: (missing: number, unknown: number, twice: number) => {
    const parts = [
      missing > 0 ? `${missing} ${missing === 1 ? 'number is' : 'numbers are'} missing` : '',
      unknown > 0
        ? `${unknown} ${unknown === 1 ? 'is not a number' : 'are not numbers'} of this recital`
        : '',
      twice > 0 ? `${twice} ${twice === 1 ? 'is' : 'are'} named twice` : '',
    ].filter(Boolean);
    return `The shows must name each number that needs a show once: ${parts.join(', ')}. Reload the page and try again.`;
  },
  notAShow: 'A number is placed in a show that is not one of this recital. Reload the page and try again.',
  lockedMoved: (name: string) =>
    `"${name}" is locked in its show. Unlock it before moving it, or leave it where it is.`,
  orderSaved: 'The running order is saved.',
  notTheShow: (missing: number, unknown: number, twice: number) => {
    const parts = [
      missing > 0 ? `${missing} of the show's numbers ${missing === 1 ? 'is' : 'are'} missing` : '',
      unknown > 0 ? `${unknown} ${unknown === 1 ? 'is not a number' : 'are not numbers'} of this show` : '',
      twice > 0 ? `${twice} ${twice === 1 ? 'is' : 'are'} named twice` : '',
    ].filter(Boolean);
    return `The running order must name each of the show's numbers once: ${parts.join(', ')}. Reload the show and try again.`;
  },
  intermissionPlace: "The intermission must come after one of the show's numbers, before its last.",
} as const;

/** What one recital holds at most: numbers, shows. */
export const MAX_RECITAL_NUMBERS = 2000;
export const MAX_RECITAL_SHOWS = 20;

const day = z.string({ error: RECITAL_SHOWS_TEXT.day }).refine(isDateOnly, RECITAL_SHOWS_TEXT.day);
const clock = z
  .string({ error: RECITAL_SHOWS_TEXT.time })
  .trim()
  .refine((s) => hhmmMinutes(s) !== null, RECITAL_SHOWS_TEXT.time);
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** `POST /api/mystudio/recitals`, `PUT …/{recitalId}`: a recital's details. */
export const recitalInput = z
  .object({
    name: text(80, RECITAL_SHOWS_TEXT.name),
    venueName: optionalLine(120, RECITAL_SHOWS_TEXT.venueName).default(''),
    venueAddress: optionalLine(200, RECITAL_SHOWS_TEXT.venueAddress).default(''),
    firstDay: day,
    lastDay: day,
    gapSeconds: whole(0, 600, RECITAL_SHOWS_TEXT.gap).default(30),
    intermissionMinutes: whole(0, 120, RECITAL_SHOWS_TEXT.intermission).default(15),
  })
  .refine((r) => r.lastDay >= r.firstDay, { message: RECITAL_SHOWS_TEXT.days, path: ['lastDay'] });
export type RecitalInput = z.input<typeof recitalInput>;

export const recitalArchiveInput = z.object({ archived: z.boolean({ error: RECITAL_SHOWS_TEXT.invalid }) });

/** `POST …/{recitalId}/shows`, `PUT /api/mystudio/recital-shows/{showId}`: a show. */
export const showInput = z
  .object({
    name: text(60, RECITAL_SHOWS_TEXT.name),
    day,
    startsAt: clock,
    doorsAt: clock,
  })
  .refine((s) => (hhmmMinutes(s.doorsAt) ?? 0) <= (hhmmMinutes(s.startsAt) ?? 0), {
    message: RECITAL_SHOWS_TEXT.doorsBefore,
    path: ['doorsAt'],
  });
export type ShowInput = z.input<typeof showInput>;

export const recitalParams = z.object({ recitalId: idSaying(RECITAL_SHOWS_TEXT.invalid) });
export const recitalShowParams = z.object({ showId: idSaying(RECITAL_SHOWS_TEXT.invalid) });
/** `?show=`: the programme of one show (the printed one, decision 087); without it, every show's. */
export const recitalProgrammeQuery = z.object({ show: idSaying(RECITAL_SHOWS_TEXT.invalid).optional() });

/** Numbers on one page of the board's column (decision 106). */
export const RECITAL_BOARD_PAGE_SIZE = 40;
/** The board's column of the numbers without a show (`?show=unassigned`). */
export const UNASSIGNED_COLUMN = 'unassigned';

/**
 * `GET …/{recitalId}/numbers?show=&page=` (decision 106): the column shown — a show's id, or
 * `unassigned` — and its page. Without `show`, the numbers without a show when there are any, else the
 * first show's.
 */
export const recitalBoardQuery = z.object({
  show: z
    .union([z.literal(UNASSIGNED_COLUMN), idSaying(RECITAL_SHOWS_TEXT.invalid)], {
      error: RECITAL_SHOWS_TEXT.invalid,
    })
    .optional(),
  page: z.coerce
    .number({ error: RECITAL_SHOWS_TEXT.badPage })
    .int(RECITAL_SHOWS_TEXT.badPage)
    .min(1, RECITAL_SHOWS_TEXT.badPage)
    .max(100_000, RECITAL_SHOWS_TEXT.badPage)
    .optional()
    .default(1),
});
export type RecitalBoardQuery = z.input<typeof recitalBoardQuery>;
export const recitalNumberParams = z.object({
  recitalId: idSaying(RECITAL_SHOWS_TEXT.invalid),
  numberId: idSaying(RECITAL_SHOWS_TEXT.invalid),
});

const anId = idSaying(RECITAL_SHOWS_TEXT.invalid);

/** `PUT …/{recitalId}/numbers/{numberId}`: the number's show (null: none) and whether it is locked there. */
export const numberPlacementInput = z.object({
  showId: anId.nullable(),
  locked: z.boolean({ error: RECITAL_SHOWS_TEXT.invalid }),
});

/** `PUT …/{recitalId}/assignment`: every number that needs a show, once, with its show. */
export const assignmentInput = z.object({
  assignment: z
    .array(z.object({ numberId: anId, showId: anId }), { error: RECITAL_SHOWS_TEXT.invalid })
    .max(MAX_RECITAL_NUMBERS, RECITAL_SHOWS_TEXT.invalid),
});

/** `PUT /api/mystudio/recital-shows/{showId}/order`: the show's numbers first to last, the intermission's place. */
export const runningOrderInput = z.object({
  order: z
    .array(anId, { error: RECITAL_SHOWS_TEXT.invalid })
    .max(MAX_RECITAL_NUMBERS, RECITAL_SHOWS_TEXT.invalid),
  intermissionAfter: z.number({ error: RECITAL_SHOWS_TEXT.intermissionPlace }).int().min(0).nullable(),
});

/** A recital's details, as the owner edits them. */
export const recitalDetail = z.object({
  id: z.string(),
  name: z.string(),
  venueName: z.string(),
  venueAddress: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  gapSeconds: z.number().int(),
  intermissionMinutes: z.number().int(),
  archived: z.boolean(),
});
export type RecitalDetail = z.infer<typeof recitalDetail>;

export const showDetail = z.object({
  id: z.string(),
  name: z.string(),
  day: z.string(),
  startsAt: z.string(),
  doorsAt: z.string(),
  intermissionAfter: z.number().int().nullable(),
});
export type ShowDetail = z.infer<typeof showDetail>;

const numberDancer = z.object({
  id: z.string(),
  name: z.string(),
  familyId: z.string(),
  familyName: z.string(),
});

/** A dance number that needs a show (it has a dancer with the recital switch on). */
export const recitalNumber = z.object({
  id: z.string(),
  name: z.string(),
  className: z.string(),
  genre: z.string(),
  songName: z.string(),
  songArtist: z.string(),
  /** m:ss */
  songLength: z.string(),
  lengthSeconds: z.number().int(),
  dancers: z.array(numberDancer),
  /** The costume styles the number wears, by name; empty when none. */
  costume: z.string(),
  showId: z.string().nullable(),
  /** Its place in its show's running order (0 first); null when in no show. */
  position: z.number().int().nullable(),
  locked: z.boolean(),
});
export type RecitalNumber = z.infer<typeof recitalNumber>;

/**
 * `GET …/{recitalId}/numbers`: the recital, its shows with their lengths and counts, how many numbers need
 * a show, and one page of one column of the board (decision 106): a show's numbers in running order, or
 * the numbers without a show by class and name.
 */
export const recitalBoard = z.object({
  recital: recitalDetail,
  shows: z.array(showDetail.extend({ seconds: z.number().int(), numbers: z.number().int() })),
  /** Every number that needs a show, and those of them in no show yet. */
  counts: z.object({ numbers: z.number().int(), unassigned: z.number().int() }),
  /** The column shown: a show's id, or null for the numbers without a show. */
  column: z.string().nullable(),
  /** One page of the column's numbers. */
  numbers: z.array(recitalNumber),
  /** The column's numbers in all. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Year terms whose classes' numbers are listed (decision 072). */
  terms: z.array(z.string()),
});
export type RecitalBoard = z.infer<typeof recitalBoard>;

const unsatisfied = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('siblings_split'),
    familyId: z.string(),
    familyName: z.string(),
    dancers: z.array(z.object({ id: z.string(), name: z.string(), shows: z.array(z.string()) })),
  }),
  z.object({
    code: z.literal('dancer_in_many_shows'),
    dancerId: z.string(),
    dancer: z.string(),
    shows: z.array(z.string()),
  }),
  z.object({
    code: z.literal('uneven_lengths'),
    longest: z.string(),
    longestSeconds: z.number().int(),
    shortest: z.string(),
    shortestSeconds: z.number().int(),
    toleranceSeconds: z.number().int(),
    longestAllLocked: z.boolean(),
  }),
]);

/** `POST …/{recitalId}/proposal`: the proposal, not saved. */
export const recitalProposal = z.object({
  assignment: z.array(z.object({ numberId: z.string(), showId: z.string() })),
  /** The numbers the assignment names, as the proposal lists them (the board shows one column at a time). */
  numbers: z.array(
    z.object({ id: z.string(), name: z.string(), className: z.string(), songLength: z.string() }),
  ),
  lengths: z.array(z.object({ showId: z.string(), seconds: z.number().int() })),
  unsatisfied: z.array(unsatisfied),
  /** Each unsatisfied item in words, in the same order. */
  sentences: z.array(z.string()),
  toleranceSeconds: z.number().int(),
});
export type RecitalProposal = z.infer<typeof recitalProposal>;

const orderDancer = z.object({
  id: z.string(),
  name: z.string(),
  familyId: z.string(),
  familyName: z.string(),
});

export const runningNumber = z.object({
  id: z.string(),
  /** 1 the first to dance. */
  place: z.number().int(),
  name: z.string(),
  className: z.string(),
  songName: z.string(),
  songArtist: z.string(),
  songLength: z.string(),
  /** "HH:MM", reckoned from the curtain. */
  startsAt: z.string(),
  locked: z.boolean(),
  dancers: z.array(orderDancer),
});
export type RunningNumber = z.infer<typeof runningNumber>;

export const showQuickChange = z.object({
  dancerId: z.string(),
  dancer: z.string(),
  first: z.string(),
  firstName: z.string(),
  firstPlace: z.number().int(),
  second: z.string(),
  secondName: z.string(),
  secondPlace: z.number().int(),
  apart: z.number().int(),
});

/** `GET /api/mystudio/recital-shows/{showId}/order`. */
export const showRunningOrder = z.object({
  recital: recitalDetail,
  show: showDetail,
  quickChangeGap: z.number().int(),
  numbers: z.array(runningNumber),
  /** "HH:MM" the last number ends. */
  endsAt: z.string(),
  seconds: z.number().int(),
  quickChanges: z.array(showQuickChange),
});
export type ShowRunningOrder = z.infer<typeof showRunningOrder>;
export const showRunningOrderSaved = showRunningOrder.extend({ msg: z.string() });

/**
 * `GET …/{recitalId}/programme[?show=]`: each show's numbers in order, for the printed programme; with
 * `show`, that show alone (what the owner prints, decision 087).
 */
export const recitalProgramme = z.object({
  recital: recitalDetail,
  shows: z.array(
    showDetail.extend({
      numbers: z.array(
        z.object({
          place: z.number().int(),
          name: z.string(),
          songName: z.string(),
          songArtist: z.string(),
          dancers: z.array(z.string()),
        }),
      ),
    }),
  ),
});
export type RecitalProgramme = z.infer<typeof recitalProgramme>;

/** `GET /api/mystudio/recital-shows/{showId}/backstage-list`: by number, the dancers, families and costumes. */
export const backstageList = z.object({
  recital: recitalDetail,
  show: showDetail,
  numbers: z.array(
    z.object({
      place: z.number().int(),
      name: z.string(),
      startsAt: z.string(),
      dancers: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          familyName: z.string(),
          /** The costume assigned to the dancer for this number ("Style, colour"); null when none. */
          costume: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type BackstageList = z.infer<typeof backstageList>;

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** What the proposal could not satisfy, in words. */
export function unsatisfiedSentence(u: Unsatisfied): string {
  switch (u.code) {
    case 'siblings_split':
      return `The ${u.familyName} family's dancers are in different shows: ${u.dancers
        .map((d) => `${d.name} (${list(d.shows)})`)
        .join(', ')}.`;
    case 'dancer_in_many_shows':
      return `${u.dancer} dances in ${u.shows.length} shows: ${list(u.shows)}.`;
    case 'uneven_lengths':
      return `${u.longest} (${lengthText(u.longestSeconds)}) runs more than ${lengthText(u.toleranceSeconds)} longer than ${u.shortest} (${lengthText(u.shortestSeconds)}).${u.longestAllLocked ? ` Every number in ${u.longest} is locked there: unlock some to even the shows.` : ''}`;
  }
}
