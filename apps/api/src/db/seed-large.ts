import { randomUUID } from 'node:crypto';
import { todayInZone } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { findUserByEmail } from '../kernel/users';
import { hashPassword } from '../lib/secrets';
import { generatePaymentSystem } from '../modules/payment-system';
import { firstSeason } from '../modules/registration/studio.service';
import { seedStudiosDefaults } from '../modules/studio-setup';
import { insertJson } from './bulk-insert';
import type { Db } from './client';
import { genres } from './schema/catalog';
import { companies, yearTerms } from './schema/companies';
import { familyAccounts, familyPeople, students, termsAcceptances } from './schema/families';
import { locations, rooms } from './schema/locations';
import { memberships } from './schema/memberships';
import {
  classes,
  classGenres,
  classRegistrations,
  danceNumberActivity,
  danceNumbers,
} from './schema/schedule';
import { teachers } from './schema/staff';
import { termsDocuments } from './schema/terms';
import { classTuitions, discounts } from './schema/tuition';
import { users } from './schema/users';
import { seedRolls } from './seed-demo-attendance';
import { type Random, randomSource, STREETS, STUDIO_WORDS, TOWNS } from './seed-large-names';
import { seedLargeRecital } from './seed-large-recital';
import { planStudio, type StudioRows, type StudioSpec, WEEK } from './seed-large-studio';

export const LARGE_PASSWORD = 'Pirouette1';
export const LARGE_STUDIO_NAME = 'Grand Jeté Dance Center';
export const LARGE_SIGN_INS = {
  owner: { email: 'owner@large.example', role: `owner of ${LARGE_STUDIO_NAME}` },
  parent: { email: 'parent@large.example', role: 'parent in the Carter family: four dancers' },
} as const;

/** The large studio at scale 1 (issue 7), and each of the small studios beside it. */
export const LARGE: StudioSpec = {
  locations: 3,
  rooms: 8,
  teachers: 14,
  classes: 120,
  families: 900,
  students: 1400,
  registrations: 2500,
};
export const SMALL: StudioSpec = {
  locations: 1,
  rooms: 2,
  teachers: 2,
  classes: 6,
  families: 10,
  students: 15,
  registrations: 25,
};
/** The small studios beside the large one, unless asked otherwise (fewer below scale 1: the tests). */
export const OTHER_STUDIOS = 200;
/** Rooms a location of the large studio holds as it grows. */
const ROOMS_PER_LOCATION = 3;

export type LargeSeed = {
  companyId: string;
  yearTermId: string;
  otherStudios: number;
  /** The large studio's own counts. */
  counts: StudioSpec;
  /** The attendance marks and make-up credits of its term so far. */
  rolls: { marks: number; credits: number };
  seconds: number;
};

/**
 * The large studio's counts at a scale (decision 079): classes, families, dancers and registrations
 * scale (at least one each); above scale 1 the rooms grow with the classes so that a room's week holds
 * what it holds at 1 (WEEK.perRoom), the locations with the rooms (three rooms each) and the teachers
 * with the rooms. Below 1 the building stays as at 1.
 */
export function largeSpec(scale: number): StudioSpec {
  const s = (n: number) => Math.max(1, Math.round(n * scale));
  const classes = s(LARGE.classes);
  const rooms = Math.max(LARGE.rooms, Math.ceil(classes / WEEK.perRoom));
  return {
    locations: Math.max(LARGE.locations, Math.ceil(rooms / ROOMS_PER_LOCATION)),
    rooms,
    teachers: Math.max(LARGE.teachers, Math.round((LARGE.teachers * rooms) / LARGE.rooms)),
    classes,
    families: s(LARGE.families),
    students: Math.max(s(LARGE.students), s(LARGE.families) + 3),
    registrations: s(LARGE.registrations),
  };
}

/** Bulk insert as JSON (insertJson: one parameter a statement, no Drizzle building a row). */
const insertAll = (db: Db, table: PgTable, rows: object[]) => insertJson(db, table, rows as never[]);

/** Rows grouped by their studio, so that each studio's plan finds its own without a scan of all. */
function byStudio<T extends { companyId: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.companyId);
    if (list) list.push(row);
    else grouped.set(row.companyId, [row]);
  }
  return grouped;
}

type SeedOptions = {
  /** The large studio's size, 1 as issue 7 describes it; above 0, at most 10. */
  scale?: number;
  /** The small studios beside it: OTHER_STUDIOS by default (fewer below scale 1). */
  studios?: number;
  today?: Date;
};

/** The studios' own rows (company, owner, current term), the large one first. */
function planCompanies(r: Random, count: number, passwordHash: string, now: Date, season: Season) {
  const studios = Array.from({ length: count + 1 }, (_, i) => {
    const town = r.pick(TOWNS);
    const large = i === 0;
    const tag = large ? 'large' : `studio-${i}`;
    const companyId = randomUUID();
    return {
      tag,
      company: {
        id: companyId,
        name: large ? LARGE_STUDIO_NAME : `${r.pick(STUDIO_WORDS[0])} ${r.pick(STUDIO_WORDS[1])} ${i}`,
        address: `${r.int(1, 480)} ${r.pick(STREETS)}`,
        city: town[0],
        state: town[1],
        zipcode: town[2],
        phone: `973555${String(1000 + i).slice(-4)}`,
        email: `hello@${tag}.example`,
      },
      owner: {
        id: randomUUID(),
        email: large ? LARGE_SIGN_INS.owner.email : `owner@${tag}.example`,
        passwordHash,
        firstName: large ? 'Olivia' : 'Owner',
        lastName: large ? 'Bennett' : String(i),
        phone: `973556${String(1000 + i).slice(-4)}`,
        emailVerifiedAt: now,
      },
      term: { id: randomUUID(), companyId, ...season, isCurrent: true },
    };
  });
  return studios;
}
type Season = ReturnType<typeof firstSeason>;
type PlannedCompany = ReturnType<typeof planCompanies>[number];

/** Parents before the tables that name them; families before the memberships that point at them. */
const TABLES: [keyof StudioRows, PgTable][] = [
  ['locations', locations],
  ['rooms', rooms],
  ['teachers', teachers],
  ['classTuitions', classTuitions],
  ['discounts', discounts],
  ['classes', classes],
  ['classGenres', classGenres],
  ['danceNumbers', danceNumbers],
  ['familyAccounts', familyAccounts],
  ['users', users],
  ['memberships', memberships],
  ['familyPeople', familyPeople],
  ['students', students],
  ['termsAcceptances', termsAcceptances],
  ['classRegistrations', classRegistrations],
  ['danceNumberActivity', danceNumberActivity],
];

/**
 * Every studio's rows written in bulk in one transaction: the companies, owners and terms, each
 * studio's defaults (seedStudiosDefaults, chunked), then each studio's plan, table by table.
 */
async function writeStudios(
  db: Db,
  sources: { large: Random; small: Random },
  studios: PlannedCompany[],
  spec: StudioSpec,
  shared: { passwordHash: string; today: string; startYear: number },
) {
  await db.transaction(async (tx) => {
    await insertAll(
      tx,
      companies,
      studios.map((s) => s.company),
    );
    await insertAll(
      tx,
      users,
      studios.map((s) => s.owner),
    );
    await insertAll(
      tx,
      memberships,
      studios.map((s) => ({ companyId: s.company.id, userId: s.owner.id, role: 'owner' })),
    );
    const { startYear } = shared;
    const lastSeason = {
      id: randomUUID(),
      companyId: studios[0]!.company.id,
      name: `${startYear - 1}-${startYear}`,
      dateStart: `${startYear - 1}-09-01`,
      dateEnd: `${startYear}-06-30`,
      notes: 'Last season',
    };
    await insertAll(tx, yearTerms, [lastSeason, ...studios.map((s) => s.term)]);
    await seedStudiosDefaults(
      tx,
      studios.map((s) => ({ companyId: s.company.id, userId: s.owner.id, yearTerm: s.term })),
    );
    await generatePaymentSystem(tx, {
      companyId: lastSeason.companyId,
      yearTermId: lastSeason.id,
      dateStart: lastSeason.dateStart,
      dateEnd: lastSeason.dateEnd,
    });
    // Every studio's genres and documents in two reads, grouped here (no read per studio); the
    // database is fresh, so what they read is these studios'.
    const genresOf = byStudio(
      await tx.select({ id: genres.id, companyId: genres.companyId, name: genres.name }).from(genres),
    );
    const documentsOf = byStudio(
      await tx
        .select({
          id: termsDocuments.id,
          companyId: termsDocuments.companyId,
          version: termsDocuments.version,
        })
        .from(termsDocuments),
    );
    const planned: StudioRows[] = studios.map((s, i) =>
      planStudio(i === 0 ? sources.large : sources.small, i === 0 ? spec : SMALL, {
        companyId: s.company.id,
        tag: s.tag,
        term: s.term,
        genreIds: new Map((genresOf.get(s.company.id) ?? []).map((g) => [g.name, g.id])),
        documents: documentsOf.get(s.company.id) ?? [],
        passwordHash: shared.passwordHash,
        today: shared.today,
        featured:
          i === 0
            ? { email: LARGE_SIGN_INS.parent.email, firstName: 'Rachel', lastName: 'Carter', students: 4 }
            : undefined,
      }),
    );
    for (const [key, table] of TABLES) {
      // The registrations' trigger (family_accounts.term_status) reads the dancers, classes and
      // families just written: statistics first, or its plans are those of empty tables.
      if (key === 'classRegistrations') {
        await tx.execute(sql`analyze students, classes, family_accounts, year_terms, class_registrations`);
      }
      await insertAll(
        tx,
        table,
        planned.flatMap((p): object[] => p[key]),
      );
    }
  });
}

/**
 * A large studio to measure on (issue 7): one studio of 3 locations, 8 rooms, 120 classes, 900
 * families, 1,400 dancers and 2,500 class registrations in its current term, and 200 small studios
 * beside it so that every studio filter has other studios' rows to skip. Every row is made in JS and
 * written in bulk, in one transaction; each studio starts with the app's own defaults
 * (seedStudiosDefaults: terms documents, genres, payment plans). `scale` grows or shrinks the large
 * studio (largeSpec, decision 079), `studios` sets the number of small ones (10,000 seed in minutes).
 * The large studio then gets its recital (seed-large-recital.ts). Does nothing (returns null) when
 * the large studio's owner already exists.
 */
export async function seedLarge(db: Db, opts: SeedOptions = {}): Promise<LargeSeed | null> {
  const started = performance.now();
  if (await findUserByEmail(db, LARGE_SIGN_INS.owner.email)) return null;
  const scale = opts.scale ?? 1;
  const now = opts.today ?? new Date();
  const season = firstSeason(now);
  const passwordHash = await hashPassword(LARGE_PASSWORD);
  // The large studio draws from its own source: its rows are the same whatever the number of small
  // studios beside it, so a page of it at 10,000 studios is the same page as at 200 (issue 39 point 3).
  const r = randomSource(7);
  const large = randomSource(79);
  const spec = largeSpec(scale);
  const otherStudios = opts.studios ?? Math.max(1, Math.round(OTHER_STUDIOS * Math.min(1, scale)));
  const studios = planCompanies(r, otherStudios, passwordHash, now, season);
  const today = todayInZone('America/New_York', now);
  await writeStudios(db, { large, small: r }, studios, spec, {
    passwordHash,
    today,
    startYear: Number(season.dateStart.slice(0, 4)),
  });
  const [largeStudio] = studios;
  await seedLargeRecital(db, { companyId: largeStudio!.company.id, term: largeStudio!.term, now });
  // Its term's rolls up to a week ago, and the make-up credits they gave: its attendance pages read a
  // term of marks, as a studio's do by the winter (the small studios are left without).
  const rolls = await seedRolls(db, {
    companyId: largeStudio!.company.id,
    markedBy: largeStudio!.owner.id,
    term: largeStudio!.term,
    today,
  });
  // Fresh statistics, so the planner sees the studio as it now is (autovacuum would, later).
  await db.execute(sql`analyze`);
  return {
    companyId: largeStudio!.company.id,
    yearTermId: largeStudio!.term.id,
    otherStudios,
    counts: spec,
    rolls,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
