import { z } from 'zod';
import { limits } from '../constants';
import { isDateOnly } from '../dates';
import { email, insufficientIfEmpty, isOneLine, longText, optionalLine, text } from '../fields';
import { countOf, phoneDigits } from '../format';
import { idSaying } from '../ids';
import { messages } from '../messages';
import { dollarsSchema, MAX_AMOUNT_CENTS } from '../money';
import { ENTRY_BATCH_ERROR, entryProblems } from './rules';

/**
 * Competitions, part 1 (issue 19, decision 031; 002 §3 "Competition company", "Competition location",
 * "Competition event", "Competition entry"; §5; §7 "Competitions"): the companies that run
 * competitions, their locations, the events held there and each event's entries. Money crosses the API
 * in dollars and is kept in cents.
 */

/** 002 §9: "Competition event default type Regional." */
export const DEFAULT_EVENT_TYPE = 'Regional';
/** What the event dialog offers; any other type of 2 characters or more is taken as typed. */
export const EVENT_TYPES = ['Regional', 'National', 'Convention', 'Invitational', 'Showcase'] as const;

export const COMPETITION_LIMITS = {
  name: 120,
  type: 40,
  notes: 2000,
  /** Dancers of one entry: far above a production number. */
  dancers: 200,
  /** Entries sent with one new event. */
  entriesPerEvent: 60,
} as const;

export const COMPETITION_TEXT = {
  /** 002 §5: an invalid id "for registration, deletion or edit in competition … screens". */
  invalidId: "Op's, something went wrong please try again.",
  /** 002 §5: an event's edit without its id, location or dates. */
  invalidEdit: "Op's something went wrong, please try again.",
  entryInput: ENTRY_BATCH_ERROR,
  companyNotFound: 'This competition company could not be found.',
  locationNotFound: 'This competition location could not be found.',
  eventNotFound: 'This competition event could not be found.',
  entryNotFound: 'This competition entry could not be found.',
  locationNameOrAddress: "Please enter the location's name or its address.",
  eventType: 'Please enter the type of the event (Regional, National…): 2 characters at least.',
  eventEndsBeforeStart: 'The event cannot end before it starts.',
  dancersTooMany: `An entry has at most ${COMPETITION_LIMITS.dancers} dancers.`,
  entriesTooMany: `An event has at most ${COMPETITION_LIMITS.entriesPerEvent} entries at once.`,
  /** A company whose locations hold events: the events are real plans, never deleted by the way. */
  companyHasEvents: (company: string, events: number) =>
    `${company} has ${countOf(events, 'event', 'events')} at its locations. Delete ${events === 1 ? 'it' : 'them'} before deleting the company.`,
  /** An event or entry with dancers registered (decision 032): their lines carry the families' fees. */
  eventHasRegistrations: (n: number) =>
    `This event has ${countOf(n, 'dancer', 'dancers')} registered on its entries. Remove ${n === 1 ? 'the registration' : 'the registrations'} before deleting the event.`,
  entryHasRegistrations: (entry: string, n: number) =>
    `${entry} has ${countOf(n, 'dancer', 'dancers')} registered. Remove ${n === 1 ? 'the registration' : 'the registrations'} before deleting the entry.`,
  /** An entry's dancer limits changed below or above a number or lesson registered on it (decision 032). */
  entryMaxBelowRegistered: (entry: string, registered: string, n: number) =>
    `${registered} has ${countOf(n, 'dancer', 'dancers')} registered on ${entry}: its most dancers cannot be fewer than ${n}. Remove dancers from it first.`,
  entryMinAboveRegistered: (entry: string, registered: string, n: number) =>
    `${registered} has ${countOf(n, 'dancer', 'dancers')} registered on ${entry}: its fewest dancers cannot be more than ${n}. Register more dancers on it first.`,
  locationHasEvents: (location: string, events: number) =>
    `${location} has ${countOf(events, 'event', 'events')}. Move ${events === 1 ? 'it' : 'them'} to another location or delete ${events === 1 ? 'it' : 'them'} before deleting the location.`,
} as const;

// ——— Fields ———

const line = (max: number, label: string) => optionalLine(max, label).optional().default('');

/** A phone that may be left empty; given, 10 digits, kept as digits. */
const optionalPhone = (label: string) =>
  z
    .string({ error: messages.invalidInput })
    .trim()
    .max(limits.phone, `${label} must be at most ${limits.phone} characters`)
    .transform(phoneDigits)
    .refine((d) => d === '' || d.length === 10, `${label}: please enter a 10-digit phone number`)
    .optional()
    .default('');

const optionalState = z
  .string({ error: messages.invalidInput })
  .trim()
  .toUpperCase()
  .refine((s) => s === '' || /^[A-Z]{2}$/.test(s), 'Please choose a state')
  .optional()
  .default('');

const optionalZip = z
  .string({ error: messages.invalidInput })
  .trim()
  .refine((s) => s === '' || /^\d{5}(-\d{4})?$/.test(s), 'Please enter a 5-digit ZIP code')
  .optional()
  .default('');

/** The address lines every competition company and location has (002 §3). */
const address = {
  address_1: line(limits.address, 'Address'),
  address_2: line(limits.address, 'Address line 2'),
  city: line(limits.city, 'City'),
  state: optionalState,
  zipcode: optionalZip,
};

/** An id of a competition record: malformed is the spec's text for those screens (002 §5). */
const recordId = idSaying(COMPETITION_TEXT.invalidId);
export const competitionIdParams = z.object({ id: recordId });
export const competitionCompanyParams = z.object({ companyId: recordId });
export const competitionEventParams = z.object({ eventId: recordId });

/** A date of an event: 10 characters, a day that exists; else the spec's edit text (002 §5). */
const eventDate = z
  .string({ error: COMPETITION_TEXT.invalidEdit })
  .length(10, COMPETITION_TEXT.invalidEdit)
  .refine(isDateOnly, COMPETITION_TEXT.invalidEdit);

/** Dollars with two decimals, kept as cents; a price of 0 is the batch rule's to refuse. */
const price = z
  .number({ error: messages.insufficientData })
  .pipe(dollarsSchema)
  .refine((c) => c >= 0 && c <= MAX_AMOUNT_CENTS, ENTRY_BATCH_ERROR);

const dancers = z
  .number({ error: messages.insufficientData })
  .int(ENTRY_BATCH_ERROR)
  .min(0, ENTRY_BATCH_ERROR)
  .max(COMPETITION_LIMITS.dancers, COMPETITION_TEXT.dancersTooMany);

// ——— Companies ———

/** `POST …/company` and `PUT …/company/{id}`: name and e-mail required (002 §5), the rest as given. */
export const competitionCompanyInput = z.object({
  name: insufficientIfEmpty(text(COMPETITION_LIMITS.name, 'The company name')),
  email: insufficientIfEmpty(email),
  ...address,
  phone: optionalPhone('Phone'),
  director: line(limits.name, 'Director'),
  director_phone: optionalPhone("The director's phone"),
});
export type CompetitionCompanyInput = z.input<typeof competitionCompanyInput>;

export const competitionCompanyItem = z.object({
  id: z.string(),
  name: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  /** 10 digits, or '' when not given. */
  phone: z.string(),
  director: z.string(),
  director_phone: z.string(),
  email: z.string(),
  /** How many locations and events the company has (ours: the list says it, the delete dialog too). */
  nLocations: z.number().int(),
  nEvents: z.number().int(),
});
export type CompetitionCompanyItem = z.infer<typeof competitionCompanyItem>;
export const competitionCompanyList = z.array(competitionCompanyItem);

// ——— Locations ———

/** `POST …/location/{companyId}` and `PUT …/location/{id}`: a name or a first address line (002 §5). */
export const competitionLocationInput = z
  .object({ name: line(COMPETITION_LIMITS.name, 'The location name'), ...address })
  .superRefine((loc, ctx) => {
    if (!loc.name && !loc.address_1) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: COMPETITION_TEXT.locationNameOrAddress });
    }
  });
export type CompetitionLocationInput = z.input<typeof competitionLocationInput>;

export const competitionLocationItem = z.object({
  id: z.string(),
  /** The competition company's id (ours: the spec's location has none). */
  compCoID: z.string(),
  name: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  nEvents: z.number().int(),
});
export type CompetitionLocationItem = z.infer<typeof competitionLocationItem>;

// ——— Events ———

/**
 * An event at a location (002 §5): `compCoLocID` 36 characters, `dateStart` and `dateEnd` 10 each (else
 * the spec's edit text), `type` 2 characters at least, Regional when not given (002 §9). Ours: the
 * event does not end before it starts.
 */
export const competitionEventInput = z
  .object({
    compCoLocID: z
      .string({ error: COMPETITION_TEXT.invalidEdit })
      .pipe(idSaying(COMPETITION_TEXT.invalidEdit)),
    dateStart: eventDate,
    dateEnd: eventDate,
    type: z
      .string({ error: COMPETITION_TEXT.eventType })
      .trim()
      .min(2, COMPETITION_TEXT.eventType)
      .max(COMPETITION_LIMITS.type, `The event type must be at most ${COMPETITION_LIMITS.type} characters`)
      .refine(isOneLine, 'The event type contains characters that are not allowed')
      .optional()
      .default(DEFAULT_EVENT_TYPE),
  })
  .superRefine((e, ctx) => {
    if (e.dateEnd < e.dateStart) {
      ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: COMPETITION_TEXT.eventEndsBeforeStart });
    }
  });
export type CompetitionEventInput = z.input<typeof competitionEventInput>;

export const competitionEventItem = z.object({
  id: z.string(),
  compCoLocID: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  type: z.string(),
  /** Ours: the company and location it is at, by id and name, and how many entries it has. */
  compCoID: z.string(),
  company: z.string(),
  location: z.string(),
  nEntries: z.number().int(),
});
export type CompetitionEventItem = z.infer<typeof competitionEventItem>;
export const competitionEventList = z.array(competitionEventItem);

/** `GET …/location/{companyId}`: the company's locations and the events held at them (002 §7). */
export const competitionLocationAnswer = z.object({
  loc: z.array(competitionLocationItem),
  event: z.array(competitionEventItem),
});
export type CompetitionLocationAnswer = z.infer<typeof competitionLocationAnswer>;

// ——— Entries ———

/** An entry's own fields (002 §3), before the batch rules: those are checked on the whole (below). */
const entryFields = z.object({
  name: z
    .string({ error: messages.insufficientData })
    .trim()
    .max(COMPETITION_LIMITS.name, `The entry name must be at most ${COMPETITION_LIMITS.name} characters`)
    .refine(isOneLine, 'The entry name contains characters that are not allowed'),
  priceStudio: price,
  priceCustomer: price,
  nDancersMin: dancers,
  nDancersMax: dancers,
  /** A dance performed on stage, or not (a workshop, a photo package…); 0/1 taken as well. */
  isPerformance: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: messages.invalidInput })
    .transform(Boolean)
    .optional()
    .default(true),
  notes: longText(COMPETITION_LIMITS.notes).optional().default(''),
});
export type CompetitionEntryValues = z.input<typeof entryFields>;

/** The batch rules on one entry (002 §5), each problem at its field, all in the spec's one sentence. */
const FIELD_OF = {
  name: 'name',
  dancersZero: 'nDancersMin',
  dancersOrder: 'nDancersMax',
  priceZero: 'priceStudio',
  priceOrder: 'priceCustomer',
} as const;

/** `POST …/entry`: an entry of an event, held to the same rules as the event's batch. */
export const competitionEntryInput = entryFields
  .extend({ compCoEventID: z.string({ error: messages.insufficientData }).pipe(recordId) })
  .superRefine((e, ctx) => {
    for (const p of entryProblems(e)) {
      ctx.addIssue({ code: 'custom', path: [FIELD_OF[p]], message: ENTRY_BATCH_ERROR });
    }
  });
export type CompetitionEntryInput = z.input<typeof competitionEntryInput>;

/** `PUT …/entry/{id}`: the entry's fields; it stays with its event. */
export const competitionEntryEdit = entryFields.superRefine((e, ctx) => {
  for (const p of entryProblems(e)) {
    ctx.addIssue({ code: 'custom', path: [FIELD_OF[p]], message: ENTRY_BATCH_ERROR });
  }
});
export type CompetitionEntryEdit = z.input<typeof competitionEntryEdit>;

/**
 * `POST …/event/entry` body `event, entry` (002 §7): the event and its entries, saved together or not at
 * all; any entry breaking a rule refuses the whole with the spec's sentence (002 §5).
 */
export const competitionEventEntriesInput = z.object({
  event: competitionEventInput,
  entry: z
    .array(entryFields, { error: messages.insufficientData })
    .max(COMPETITION_LIMITS.entriesPerEvent, COMPETITION_TEXT.entriesTooMany)
    .superRefine((entries, ctx) => {
      entries.forEach((e, i) => {
        for (const p of entryProblems(e)) {
          ctx.addIssue({ code: 'custom', path: [i, FIELD_OF[p]], message: ENTRY_BATCH_ERROR });
        }
      });
    }),
});
export type CompetitionEventEntriesInput = z.input<typeof competitionEventEntriesInput>;

export const competitionEventEntriesAnswer = z.object({
  id: z.string(),
  /** The new entries' ids, in the order sent. */
  entries: z.array(z.string()),
  msg: z.string(),
});

export const competitionEntryItem = z.object({
  id: z.string(),
  compCoEventID: z.string(),
  name: z.string(),
  /** Dollars: what the studio pays the competition, per dancer. */
  priceStudio: z.number(),
  /** Dollars: what each dancer's family is charged. */
  priceCustomer: z.number(),
  nDancersMin: z.number().int(),
  nDancersMax: z.number().int(),
  isPerformance: z.boolean(),
  notes: z.string(),
});
export type CompetitionEntryItem = z.infer<typeof competitionEntryItem>;
export const competitionEntryList = z.array(competitionEntryItem);
