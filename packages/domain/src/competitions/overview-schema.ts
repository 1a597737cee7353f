import { z } from 'zod';
import { idSaying } from '../ids';
import { COMPETITION_TEXT } from './schema';

/**
 * The competition overview (issue 19 point 4, decision 033): the season's upcoming events with their
 * figures, an event's running order with each dancer's places and the quick-change clashes, and the
 * studio's quick-change gap. Money crosses the API in dollars.
 */

/** The gap a studio may set: at least the next performance, at most 20 places. */
export const QUICK_CHANGE_GAP_MIN = 1;
export const QUICK_CHANGE_GAP_MAX = 20;
/** Far above one event's performances: what one running order holds at most. */
export const MAX_RUNNING_ORDER = 2000;

export const COMPETITION_OVERVIEW_TEXT = {
  invalid: COMPETITION_TEXT.invalidId,
  saved: 'The running order is saved.',
  gapSaved: 'The quick-change gap is saved.',
  gapRange: `The quick-change gap is a whole number of places from ${QUICK_CHANGE_GAP_MIN} to ${QUICK_CHANGE_GAP_MAX}.`,
  /** A running order that is not exactly the event's performances (decision 033). */
  notTheEvents: (missing: number, unknown: number, twice: number) => {
    const parts = [
      missing > 0 ? `${missing} of the event's performances ${missing === 1 ? 'is' : 'are'} missing` : '',
      unknown > 0
        ? `${unknown} ${unknown === 1 ? 'is not a performance' : 'are not performances'} of this event`
        : '',
      twice > 0 ? `${twice} ${twice === 1 ? 'is' : 'are'} named twice` : '',
    ].filter(Boolean);
    return `The running order must name each of the event's performances once: ${parts.join(', ')}. Reload the event and try again.`;
  },
} as const;

/**
 * A performance's key: its entry, `dnc` or `prv`, and the dance number's or private lesson's id —
 * `<entry>:dnc:<number>`.
 */
export const performanceKey = (entryId: string, kind: 'dnc' | 'prv', targetId: string) =>
  `${entryId}:${kind}:${targetId}`;

const money = z.number();

export const competitionOverviewEvent = z.object({
  id: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  type: z.string(),
  company: z.string(),
  location: z.string(),
  /** The event's entries, and those with dancers registered. */
  entries: z.number().int(),
  entriesUsed: z.number().int(),
  performances: z.number().int(),
  /** Different dancers registered. */
  dancers: z.number().int(),
  /** What the studio owes the competition: the lines' studio prices. */
  studioOwes: money,
  /** What families are charged, and have paid of it (the ledger's word, decision 032). */
  familiesOwe: money,
  familiesPaid: money,
  clashes: z.number().int(),
});
export type CompetitionOverviewEvent = z.infer<typeof competitionOverviewEvent>;

export const competitionOverviewList = z.object({
  today: z.string(),
  quickChangeGap: z.number().int(),
  events: z.array(competitionOverviewEvent),
});
export type CompetitionOverviewList = z.infer<typeof competitionOverviewList>;

const performanceDancer = z.object({ id: z.string(), name: z.string() });

export const competitionPerformance = z.object({
  key: z.string(),
  /** 1 the first to dance. */
  place: z.number().int(),
  /** Placed by the owner, or after the placed ones in the default order. */
  placed: z.boolean(),
  entryId: z.string(),
  entry: z.string(),
  kind: z.enum(['dnc', 'prv']),
  targetId: z.string(),
  name: z.string(),
  dancers: z.array(performanceDancer),
});
export type CompetitionPerformance = z.infer<typeof competitionPerformance>;

export const competitionQuickChange = z.object({
  dancerId: z.string(),
  dancer: z.string(),
  first: z.string(),
  second: z.string(),
  firstPlace: z.number().int(),
  secondPlace: z.number().int(),
  apart: z.number().int(),
});
export type CompetitionQuickChange = z.infer<typeof competitionQuickChange>;

export const competitionRunningOrder = z.object({
  event: competitionOverviewEvent,
  quickChangeGap: z.number().int(),
  performances: z.array(competitionPerformance),
  /** Each dancer's places, by name. */
  dancers: z.array(z.object({ id: z.string(), name: z.string(), places: z.array(z.number().int()) })),
  clashes: z.array(competitionQuickChange),
});
export type CompetitionRunningOrder = z.infer<typeof competitionRunningOrder>;

const keyOf = z
  .string({ error: COMPETITION_OVERVIEW_TEXT.invalid })
  .regex(/^[0-9a-f-]{36}:(dnc|prv):[0-9a-f-]{36}$/i, COMPETITION_OVERVIEW_TEXT.invalid);

/** `PUT …/overview/event/{eventId}/order` `{ order: [key…] }`: the whole running order, first to last. */
export const competitionRunningOrderInput = z.object({
  order: z
    .array(keyOf, { error: COMPETITION_OVERVIEW_TEXT.invalid })
    .max(MAX_RUNNING_ORDER, COMPETITION_OVERVIEW_TEXT.invalid),
});

export const competitionOverviewSettings = z.object({ quickChangeGap: z.number().int() });
export type CompetitionOverviewSettings = z.infer<typeof competitionOverviewSettings>;

export const competitionOverviewSettingsInput = z.object({
  quickChangeGap: z
    .number({ error: COMPETITION_OVERVIEW_TEXT.gapRange })
    .int(COMPETITION_OVERVIEW_TEXT.gapRange)
    .min(QUICK_CHANGE_GAP_MIN, COMPETITION_OVERVIEW_TEXT.gapRange)
    .max(QUICK_CHANGE_GAP_MAX, COMPETITION_OVERVIEW_TEXT.gapRange),
});

export const competitionOverviewEventParams = z.object({
  eventId: idSaying(COMPETITION_OVERVIEW_TEXT.invalid),
});

export const competitionOverviewSaved = competitionRunningOrder.extend({ msg: z.string() });
export const competitionOverviewSettingsSaved = competitionOverviewSettings.extend({ msg: z.string() });
