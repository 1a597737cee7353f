import { WEEKDAYS } from '../constants';
import { formatTimeOfDay } from '../schedule/time';
import { classKey, dancerKey } from './read';
import type {
  ClassRecord,
  ContactRecord,
  DancerRecord,
  FamilyRecord,
  ImportKind,
  ImportRecords,
  RecordPlace,
  RowRefusal,
} from './records';
import type { FateCounts, RowFate } from './schema';

/**
 * The import's dry run, pure (decision 054): each record of the files matched against the studio as it
 * is (its links to earlier imports, its families, people, dancers and classes), given its fate and what
 * writing it would do. The check stores the answer; the run asks it again, inside its transaction, of
 * the studio as it then is, and writes what it says.
 */

/** What an import remembers it wrote: an import kind, or 'parent' (a family record's first parent). */
export type LinkKind = ImportKind | 'parent';
export type StudioLink = { entityId: string; data: Record<string, unknown> };

/** The studio as the dry run reads it: only the source's links, every other thing of the studio. */
export type StudioState = {
  /** The source's name to show ("Jackrabbit"). */
  sourceName: string;
  links: Partial<Record<LinkKind, Map<string, StudioLink>>>;
  /** `emails`: the family's own and its parents' sign-in addresses, lower case. */
  families: { id: string; emails: string[] }[];
  people: { id: string; familyId: string; firstName: string; lastName: string; email: string }[];
  dancers: { id: string; familyId: string; firstName: string; lastName: string; dob: string }[];
  /** The current term's classes; `timeStart` HH:MM. */
  classes: { id: string; name: string; day: number; timeStart: string }[];
  /** Sign-in addresses (lower case) of everyone with a place at the studio: its owner and parents. */
  members: Set<string>;
  /** The studio has a current year term, which imported classes join. */
  hasTerm: boolean;
};

/** Where a record's family is: one the studio has, or one of the files (by its key). */
export type FamilyTarget = { existing: string } | { fileKey: string };

export type PlannedRow<R> = {
  record: R;
  fate: RowFate;
  label: string;
  sentence: string;
  /** The key its link is kept under: its ref, or what identifies it naturally. */
  key: string;
  /** Matched: what it matched, and whether by its link or by what identifies it. */
  entityId: string | null;
  by: 'link' | 'natural' | null;
  /** Matched by its link: the fields that changed since it was last imported. */
  changes: string[];
};
export type PlannedFamily = PlannedRow<FamilyRecord> & {
  /** Its first parent, to be made (new, or a matched family without them); null when none. */
  addParent: boolean;
  /** The parent's family person, when an earlier import made them. */
  parentId: string | null;
};
export type PlannedChild<R> = PlannedRow<R> & { family: FamilyTarget | null };

export type ImportPlan = {
  families: PlannedFamily[];
  contacts: PlannedChild<ContactRecord>[];
  dancers: PlannedChild<DancerRecord>[];
  classes: PlannedRow<ClassRecord>[];
  /** Rows the reading refused (and, when delegated, enrolments' and balances' rows), as they came. */
  refusals: RowRefusal[];
};

/** The longest cell an import keeps: longer is a refused row (a hostile 10 MB cell among them). */
export const IMPORT_CELL_LIMIT = 1000;

/** The content of a record the import compares with its last import: everything but its place. */
export function recordContent(record: RecordPlace & Record<string, unknown>): Record<string, unknown> {
  const { file: _file, row: _row, ...content } = record;
  return content;
}

/** The fields whose value differs between the last import's content and this one's. */
export function changedContent(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k]));
}

const lower = (s: string) => s.trim().toLowerCase();
const clip = (s: string) => (s.length > 120 ? `${s.slice(0, 117)}…` : s);
const tooLong = (record: object) =>
  Object.values(record).some((v) => typeof v === 'string' && v.length > IMPORT_CELL_LIMIT);
const TOO_LONG = `A cell of this row holds more than ${IMPORT_CELL_LIMIT} characters.`;

export const familyKey = (f: FamilyRecord) => f.ref || f.email;
const dancerKeyOf = (d: DancerRecord) => d.ref || dancerKey(d.familyRef, d.firstName, d.lastName);
const classKeyOf = (c: ClassRecord) => c.ref || classKey(c.name, c.day, c.timeStart);
const contactKey = (c: ContactRecord) => c.ref || `${c.familyRef}|${c.firstName}|${c.lastName}`;

export const familyLabel = (f: FamilyRecord) => clip(`${f.lastName} family`);
export const classLabel = (c: ClassRecord) =>
  clip(`${c.name}, ${WEEKDAYS[c.day] ?? ''} ${formatTimeOfDay(c.timeStart)}`);
const personLabel = (p: { firstName: string; lastName: string }) =>
  clip(`${p.firstName} ${p.lastName}`.trim());

/** The files' families by their key and their e-mail (lower case), and whether each was refused. */
export type FileFamilies = Map<string, { refused: boolean; row: number; key: string }>;

/** Where a family ref can point: the files' families, and the studio's (its links, ids, e-mails). */
type FamilyPlaces = {
  studio: StudioState;
  fileFamilies: FileFamilies;
  /** The studio's family links by key, lower case (the first of keys differing only in case). */
  familyLinks: Map<string, StudioLink>;
  familyIds: Set<string>;
  familyByEmail: Map<string, string>;
};

type Ctx = FamilyPlaces & {
  /** Addresses the files give a parent already, lower case → the row. */
  emails: Map<string, string>;
  personIds: Set<string>;
  dancerIds: Set<string>;
  classIds: Set<string>;
};

const link = (ctx: Ctx, kind: LinkKind, key: string) => ctx.studio.links[kind]?.get(key) ?? null;

function row<R extends RecordPlace>(
  record: R,
  key: string,
  label: string,
  fate: RowFate,
  sentence: string,
  match?: { entityId: string; by: 'link' | 'natural'; changes?: string[] },
): PlannedRow<R> {
  return {
    record,
    key,
    label,
    fate,
    sentence,
    entityId: match?.entityId ?? null,
    by: match?.by ?? null,
    changes: match?.changes ?? [],
  };
}

/** The sentence of a match: how, and what changes. */
function matchedSentence(ctx: Ctx, by: 'link' | 'natural', key: string, how: string, changes: string[]) {
  if (by === 'natural') return `${how}; the import remembers it, so the next one finds it at once.`;
  const what = `Matched by ${ctx.studio.sourceName} id ${clip(key)}`;
  return changes.length > 0 ? `${what}; changes: ${changes.join(', ')}.` : `${what}; nothing changes.`;
}

/** A record matched by its link: its entity must still be at the studio. */
function byLink(ctx: Ctx, kind: LinkKind, key: string, content: Record<string, unknown>, exists: boolean) {
  const found = link(ctx, kind, key);
  if (!found || !exists) return null;
  return { entityId: found.entityId, changes: changedContent(found.data, content) };
}

function planFamily(ctx: Ctx, f: FamilyRecord, seen: Map<string, number>): PlannedFamily {
  const key = familyKey(f);
  const label = familyLabel(f);
  const refuse = (sentence: string) => ({
    ...row(f, key, label, 'refused', sentence),
    addParent: false,
    parentId: null,
  });
  if (tooLong(f)) return refuse(TOO_LONG);
  if (!key)
    return refuse(
      `A family needs its ${ctx.studio.sourceName} id or an e-mail address, so that importing it again finds it.`,
    );
  // Compared as the files' index compares them (lower case): "A1" and "a1" are one family.
  const twice = seen.get(lower(key));
  if (twice !== undefined) return refuse(`The same family is on row ${twice} already.`);
  seen.set(lower(key), f.row);
  const email = lower(f.email);
  const other = email ? ctx.emails.get(email) : undefined;
  if (other) return refuse(`The e-mail address ${clip(email)} is already on ${other}.`);
  if (email) ctx.emails.set(email, `${f.file} row ${f.row}`);
  const ids = ctx.familyIds;
  const linked = link(ctx, 'families', key);
  const parent = link(ctx, 'parent', key);
  const content = recordContent(f);
  const matched = byLink(ctx, 'families', key, content, linked !== null && ids.has(linked.entityId));
  const natural = matched ? null : email ? ctx.familyByEmail.get(email) : undefined;
  const parentId = parent && ctx.personIds.has(parent.entityId) ? parent.entityId : null;
  if (matched || natural) {
    const entityId = matched?.entityId ?? natural!;
    const by = matched ? 'link' : 'natural';
    const changes = matched?.changes ?? [];
    return {
      ...row(f, key, label, 'matched', matchedSentence(ctx, by, key, 'Matched by e-mail', changes), {
        entityId,
        by,
        changes,
      }),
      addParent: email !== '' && parentId === null && !ctx.studio.members.has(email),
      parentId,
    };
  }
  if (email && ctx.studio.members.has(email))
    return refuse(`${clip(email)} already belongs to someone at your studio.`);
  return { ...row(f, key, label, 'new', 'A new family.'), addParent: email !== '', parentId: null };
}

/**
 * The family a contact, dancer or balance names: of the files (by its key or its e-mail), else of the
 * studio (its link, its e-mail); every key compared lower case.
 */
function resolveFamily(ctx: FamilyPlaces, familyRef: string): FamilyTarget | string {
  const inFiles = ctx.fileFamilies.get(lower(familyRef));
  if (inFiles?.refused) return `Its family (row ${inFiles.row}) is refused.`;
  if (inFiles) return { fileKey: inFiles.key };
  const linked = ctx.studio.links.families?.get(familyRef) ?? ctx.familyLinks.get(lower(familyRef));
  if (linked && ctx.familyIds.has(linked.entityId)) return { existing: linked.entityId };
  const email = lower(familyRef);
  const byEmail = email ? ctx.familyByEmail.get(email) : undefined;
  if (byEmail) return { existing: byEmail };
  return `No family ${clip(familyRef)} in the files or at the studio.`;
}

function planContact(ctx: Ctx, c: ContactRecord, seen: Map<string, number>): PlannedChild<ContactRecord> {
  const key = contactKey(c);
  const label = personLabel(c);
  const refuse = (sentence: string) => ({ ...row(c, key, label, 'refused', sentence), family: null });
  if (tooLong(c)) return refuse(TOO_LONG);
  const family = resolveFamily(ctx, c.familyRef);
  if (typeof family === 'string') return refuse(family);
  const twice = seen.get(key);
  if (twice !== undefined) return refuse(`The same person is on row ${twice} already.`);
  seen.set(key, c.row);
  const content = recordContent(c);
  const people = ctx.studio.people;
  const linked = link(ctx, 'contacts', key);
  const matched = byLink(
    ctx,
    'contacts',
    key,
    content,
    linked !== null && ctx.personIds.has(linked.entityId),
  );
  const natural =
    matched || !('existing' in family)
      ? undefined
      : people.find(
          (p) =>
            p.familyId === family.existing &&
            lower(p.firstName) === lower(c.firstName) &&
            lower(p.lastName) === lower(c.lastName),
        );
  if (matched || natural) {
    const by = matched ? 'link' : 'natural';
    const changes = (matched?.changes ?? []).filter((k) => k !== 'email');
    const sentence = matchedSentence(ctx, by, key, 'Matched by family and name', changes);
    return {
      ...row(c, key, label, 'matched', sentence, { entityId: matched?.entityId ?? natural!.id, by, changes }),
      family,
    };
  }
  const email = lower(c.email);
  if (c.kind === 'user') {
    if (!email) return refuse('A parent who signs in needs an e-mail address.');
    if (ctx.studio.members.has(email))
      return refuse(`${clip(email)} already belongs to someone at your studio.`);
    const other = ctx.emails.get(email);
    if (other) return refuse(`The e-mail address ${clip(email)} is already on ${other}.`);
    ctx.emails.set(email, `${c.file} row ${c.row}`);
  }
  return { ...row(c, key, label, 'new', c.kind === 'user' ? 'A new parent.' : 'A new contact.'), family };
}

function planDancer(ctx: Ctx, d: DancerRecord, seen: Map<string, number>): PlannedChild<DancerRecord> {
  const key = dancerKeyOf(d);
  const label = personLabel(d);
  const refuse = (sentence: string) => ({ ...row(d, key, label, 'refused', sentence), family: null });
  if (tooLong(d)) return refuse(TOO_LONG);
  const family = resolveFamily(ctx, d.familyRef);
  if (typeof family === 'string') return refuse(family);
  const twice = seen.get(key);
  if (twice !== undefined) return refuse(`The same dancer is on row ${twice} already.`);
  seen.set(key, d.row);
  const dancers = ctx.studio.dancers;
  const linked = link(ctx, 'dancers', key);
  const matched = byLink(
    ctx,
    'dancers',
    key,
    recordContent(d),
    linked !== null && ctx.dancerIds.has(linked.entityId),
  );
  const natural =
    matched || !('existing' in family)
      ? undefined
      : dancers.find(
          (x) =>
            x.familyId === family.existing &&
            lower(x.firstName) === lower(d.firstName) &&
            lower(x.lastName) === lower(d.lastName) &&
            x.dob === d.dob,
        );
  if (matched || natural) {
    const by = matched ? 'link' : 'natural';
    const changes = matched?.changes ?? [];
    const sentence = matchedSentence(ctx, by, key, 'Matched by family, name and date of birth', changes);
    return {
      ...row(d, key, label, 'matched', sentence, { entityId: matched?.entityId ?? natural!.id, by, changes }),
      family,
    };
  }
  return { ...row(d, key, label, 'new', 'A new dancer.'), family };
}

function planClass(ctx: Ctx, c: ClassRecord, seen: Map<string, number>): PlannedRow<ClassRecord> {
  const key = classKeyOf(c);
  const label = classLabel(c);
  if (tooLong(c)) return row(c, key, label, 'refused', TOO_LONG);
  const twice = seen.get(key);
  if (twice !== undefined) return row(c, key, label, 'refused', `The same class is on row ${twice} already.`);
  seen.set(key, c.row);
  const classes = ctx.studio.classes;
  const linked = link(ctx, 'classes', key);
  const matched = byLink(
    ctx,
    'classes',
    key,
    recordContent(c),
    linked !== null && ctx.classIds.has(linked.entityId),
  );
  const natural = matched
    ? undefined
    : classes.find((x) => lower(x.name) === lower(c.name) && x.day === c.day && x.timeStart === c.timeStart);
  if (matched || natural) {
    const by = matched ? 'link' : 'natural';
    const changes = (matched?.changes ?? []).filter((k) => CLASS_UPDATES.has(k));
    const sentence = matchedSentence(ctx, by, key, 'Matched by name, day and time', changes);
    return row(c, key, label, 'matched', sentence, {
      entityId: matched?.entityId ?? natural!.id,
      by,
      changes,
    });
  }
  if (!ctx.studio.hasTerm)
    return row(
      c,
      key,
      label,
      'refused',
      'The studio has no current year term for its classes: add one first.',
    );
  return row(c, key, label, 'new', 'A new class.');
}

/** What a later import changes of a class: its room, teacher and price stay the owner's. */
const CLASS_UPDATES = new Set(['name', 'day', 'timeStart', 'timeEnd', 'ageMin', 'ageMax', 'level', 'places']);

function familyPlaces(studio: StudioState): FamilyPlaces {
  const familyByEmail = new Map<string, string>();
  for (const f of studio.families)
    for (const e of f.emails) if (!familyByEmail.has(e)) familyByEmail.set(e, f.id);
  const familyLinks = new Map<string, StudioLink>();
  for (const [k, v] of studio.links.families ?? [])
    if (!familyLinks.has(lower(k))) familyLinks.set(lower(k), v);
  return {
    studio,
    fileFamilies: new Map(),
    familyLinks,
    familyIds: new Set(studio.families.map((f) => f.id)),
    familyByEmail,
  };
}

/** The files' families by key and by e-mail, lower case: a refused one gives way to one that is not. */
function indexFileFamilies(families: PlannedFamily[], into: FileFamilies): void {
  for (const f of families) {
    if (!f.key) continue;
    const refused = f.fate === 'refused';
    const entry = { refused, row: f.record.row, key: f.key };
    for (const k of new Set([lower(f.key), lower(f.record.email)]))
      if (k && (!into.has(k) || !refused)) into.set(k, entry);
  }
}

/**
 * The family finder of a plan's families and the studio: what contacts and dancers are planned with,
 * for the balances (and anything else naming a family) to resolve the same way.
 */
export function familyResolver(
  families: PlannedFamily[],
  studio: StudioState,
): (familyRef: string) => FamilyTarget | string {
  const places = familyPlaces(studio);
  indexFileFamilies(families, places.fileFamilies);
  return (familyRef) => resolveFamily(places, familyRef);
}

/** The dry run of the records, against the studio as it is. */
export function planImport(records: ImportRecords, refusals: RowRefusal[], studio: StudioState): ImportPlan {
  const ctx: Ctx = {
    ...familyPlaces(studio),
    emails: new Map(),
    personIds: new Set(studio.people.map((p) => p.id)),
    dancerIds: new Set(studio.dancers.map((d) => d.id)),
    classIds: new Set(studio.classes.map((c) => c.id)),
  };
  const seen = () => new Map<string, number>();
  const familySeen = seen();
  const families = records.families.map((f) => planFamily(ctx, f, familySeen));
  indexFileFamilies(families, ctx.fileFamilies);
  const contactSeen = seen();
  const dancerSeen = seen();
  const classSeen = seen();
  return {
    families,
    contacts: records.contacts.map((c) => planContact(ctx, c, contactSeen)),
    dancers: records.dancers.map((d) => planDancer(ctx, d, dancerSeen)),
    classes: records.classes.map((c) => planClass(ctx, c, classSeen)),
    refusals,
  };
}

const zero = (): FateCounts => ({ new: 0, matched: 0, changed: 0, skipped: 0, refused: 0 });

/** Per kind: how many rows are new, matched (and of them changed), skipped, refused. */
export function planTotals(
  plan: ImportPlan,
  more: { kind: ImportKind; fate: RowFate; changed?: boolean }[] = [],
): Record<ImportKind, FateCounts> {
  const totals: Record<ImportKind, FateCounts> = {
    families: zero(),
    contacts: zero(),
    dancers: zero(),
    classes: zero(),
    enrolments: zero(),
    balances: zero(),
  };
  const count = (kind: ImportKind, fate: RowFate, changed: boolean) => {
    totals[kind][fate] += 1;
    if (fate === 'matched' && changed) totals[kind].changed += 1;
  };
  const each = (kind: ImportKind, rows: PlannedRow<unknown>[]) => {
    // A natural match changes something: the import remembers it (its link), and may add its parent.
    for (const r of rows) count(kind, r.fate, r.changes.length > 0 || r.by === 'natural');
  };
  each('families', plan.families);
  each('contacts', plan.contacts);
  each('dancers', plan.dancers);
  each('classes', plan.classes);
  for (const r of plan.refusals) count(r.kind, 'refused', false);
  for (const r of more) count(r.kind, r.fate, r.changed ?? false);
  return totals;
}
