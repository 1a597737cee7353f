import { randomUUID } from 'node:crypto';
import type { ClassRecord, ImportPlan, PlannedRow, RecordPlace } from '@pirouette/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { locations, rooms } from '../../db/schema/locations';
import { classes } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';
import { classTuitions } from '../../db/schema/tuition';
import { insertRows, updateRows } from './bulk';
import type { LinkWrite, WriteCtx } from './write-context';

/**
 * The import's classes (decision 054), in the studio's current term: a room found by name in the
 * studio or made (in its first location, or a location "Imported" when it has none), a teacher found
 * by name or made, and the term's class price for the class's length, or a new price when the file's
 * monthly price differs from it.
 */

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
export const lengthOf = (c: Pick<ClassRecord, 'timeStart' | 'timeEnd'>) =>
  minutes(c.timeEnd) - minutes(c.timeStart);
const lower = (s: string) => s.trim().toLowerCase();
const NO_TEACHER = { firstName: 'Teacher', lastName: 'to be named' };
const NO_ROOM = 'Studio';

/** The term's class prices, by length in minutes: the first of each (the one the schedule offers first). */
export async function termPrices(db: Db, companyId: string, termId: string) {
  const rows = await db
    .select({ id: classTuitions.id, duration: classTuitions.duration, price: classTuitions.price })
    .from(classTuitions)
    .where(and(eq(classTuitions.companyId, companyId), eq(classTuitions.yearTermId, termId)))
    .orderBy(asc(classTuitions.createdAt));
  return rows;
}

/** The studio's first location, or a new one named "Imported" at the studio's address. */
async function locationFor(ctx: WriteCtx): Promise<string> {
  const [first] = await ctx.tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.companyId, ctx.companyId))
    .orderBy(asc(locations.createdAt))
    .limit(1);
  if (first) return first.id;
  const [studio] = await ctx.tx.select().from(companies).where(eq(companies.id, ctx.companyId));
  const id = randomUUID();
  await ctx.tx.insert(locations).values({
    id,
    companyId: ctx.companyId,
    name: 'Imported',
    address: studio?.address ?? '',
    city: studio?.city ?? '',
    state: studio?.state ?? '',
    zipcode: studio?.zipcode ?? '',
    phone: studio?.phone ?? '',
  });
  return id;
}

/** Each room name the new classes give → a room of the studio, made when it has none of that name. */
async function roomsFor(ctx: WriteCtx, wanted: ClassRecord[]): Promise<Map<string, string>> {
  const have = await ctx.tx
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(eq(rooms.companyId, ctx.companyId))
    .orderBy(asc(rooms.createdAt));
  const byName = new Map<string, string>();
  for (const r of have) if (!byName.has(lower(r.name))) byName.set(lower(r.name), r.id);
  const missing = [...new Set(wanted.map((c) => c.room.trim() || NO_ROOM))].filter(
    (n) => !byName.has(lower(n)),
  );
  if (missing.length > 0) {
    const locationId = await locationFor(ctx);
    const made = missing.map((name) => ({ id: randomUUID(), companyId: ctx.companyId, locationId, name }));
    await ctx.tx.insert(rooms).values(made);
    for (const r of made) byName.set(lower(r.name), r.id);
  }
  return byName;
}

const splitName = (name: string) => {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return NO_TEACHER;
  if (parts.length === 1) return { firstName: parts[0]!, lastName: '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! };
};
const fullName = (t: { firstName: string; lastName: string }) => lower(`${t.firstName} ${t.lastName}`);

/** Each teacher the new classes name → a teacher of the studio, made when it has none of that name. */
async function teachersFor(ctx: WriteCtx, wanted: ClassRecord[]): Promise<Map<string, string>> {
  const have = await ctx.tx
    .select({ id: teachers.id, firstName: teachers.firstName, lastName: teachers.lastName })
    .from(teachers)
    .where(eq(teachers.companyId, ctx.companyId));
  const byName = new Map(have.map((t) => [fullName(t), t.id]));
  const missing = new Map<string, { firstName: string; lastName: string }>();
  for (const c of wanted) {
    const n = splitName(c.teacher);
    if (!byName.has(fullName(n))) missing.set(fullName(n), n);
  }
  if (missing.size > 0) {
    const made = [...missing.values()].map((n) => ({
      id: randomUUID(),
      companyId: ctx.companyId,
      ...n,
      address: '',
      city: '',
      state: '',
      zipcode: '',
      phone: '',
      email: '',
    }));
    await ctx.tx.insert(teachers).values(made);
    for (const t of made) byName.set(fullName(t), t.id);
  }
  return new Map(wanted.map((c) => [c.teacher, byName.get(fullName(splitName(c.teacher)))!]));
}

/** Each new class's price: the term's for its length, or one made at the file's monthly price. */
async function pricesFor(
  ctx: WriteCtx,
  termId: string,
  wanted: ClassRecord[],
): Promise<Map<ClassRecord, string>> {
  const have = await termPrices(ctx.tx, ctx.companyId, termId);
  const out = new Map<ClassRecord, string>();
  const made = new Map<string, { id: string; duration: number; price: number }>();
  for (const c of wanted) {
    const duration = lengthOf(c);
    const exact = have.find((p) => p.duration === duration && (c.monthly === null || p.price === c.monthly));
    if (exact) {
      out.set(c, exact.id);
      continue;
    }
    // The check refuses a class with neither a monthly price nor a term price for its length.
    const price = c.monthly ?? 0;
    const key = `${duration}:${price}`;
    const entry = made.get(key) ?? { id: randomUUID(), duration, price };
    made.set(key, entry);
    out.set(c, entry.id);
  }
  if (made.size > 0)
    await ctx.tx
      .insert(classTuitions)
      .values([...made.values()].map((p) => ({ ...p, companyId: ctx.companyId, yearTermId: termId })));
  return out;
}

const CLASS_COLUMNS: Record<string, { name: string; type: 'text' | 'time' | 'smallint' }> = {
  name: { name: 'name', type: 'text' },
  day: { name: 'day', type: 'smallint' },
  timeStart: { name: 'time_start', type: 'time' },
  timeEnd: { name: 'time_end', type: 'time' },
  ageMin: { name: 'age_min', type: 'smallint' },
  ageMax: { name: 'age_max', type: 'smallint' },
  level: { name: 'level', type: 'smallint' },
  places: { name: 'n_max', type: 'smallint' },
};

function classChanges(p: PlannedRow<ClassRecord>) {
  const record = p.record as unknown as Record<string, string | number>;
  const set: Record<string, string | number> = {};
  for (const k of p.changes) {
    const column = CLASS_COLUMNS[k];
    if (column) set[column.name] = record[k]!;
  }
  return set;
}

/** Writes the classes; answers their ids by key, for the enrolments. */
export async function writeClasses(
  ctx: WriteCtx,
  plan: ImportPlan,
  termId: string | null,
  links: LinkWrite[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const fresh: { id: string; c: ClassRecord }[] = [];
  const changed: { id: string; set: Record<string, string | number>; place: RecordPlace }[] = [];
  for (const p of plan.classes) {
    if (p.fate === 'refused' || p.fate === 'skipped') continue;
    const id = p.entityId ?? randomUUID();
    ids.set(p.key, id);
    links.push(ctx.link('classes', p, id));
    if (p.fate === 'new') fresh.push({ id, c: p.record });
    else {
      const set = classChanges(p);
      if (Object.keys(set).length > 0) changed.push({ id, set, place: p.record });
    }
  }
  if (fresh.length > 0 && termId) {
    const wanted = fresh.map((f) => f.c);
    const roomOf = await roomsFor(ctx, wanted);
    const teacherOf = await teachersFor(ctx, wanted);
    const priceOf = await pricesFor(ctx, termId, wanted);
    await insertRows(
      ctx.tx,
      classes,
      fresh.map(({ id, c }) => ({
        id,
        companyId: ctx.companyId,
        yearTermId: termId,
        roomId: roomOf.get(lower(c.room.trim() || NO_ROOM))!,
        teacherId: teacherOf.get(c.teacher)!,
        priceId: priceOf.get(c)!,
        name: c.name,
        day: c.day,
        timeStart: c.timeStart,
        timeEnd: c.timeEnd,
        ageMin: c.ageMin,
        ageMax: c.ageMax,
        level: c.level,
        nMax: c.places,
      })),
      fresh.map(({ c }) => c),
    );
  }
  await updateRows(ctx.tx, 'classes', ctx.companyId, Object.values(CLASS_COLUMNS), changed);
  return ids;
}
