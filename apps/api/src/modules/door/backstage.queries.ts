import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { students } from '../../db/schema/families';
import { backstageSignins, recitalShowNumbers } from '../../db/schema/recitals';
import { danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { atTheRecital } from '../../kernel/recital-dancers';

/**
 * A show's line-up: its numbers in running order, each with the dancers who dance it at the recital
 * (`atTheRecital`: the activity on with its recital switch, of an active registration that counts,
 * 002 §3). Two queries whatever the show's size.
 * (The shows' module offers `showLineup` for the same; this reads it here until both are one.)
 */
export async function showDancers(db: Db, companyId: string, showId: string) {
  const numbers = await db
    .select({ id: danceNumbers.id, name: danceNumbers.name, position: recitalShowNumbers.position })
    .from(recitalShowNumbers)
    .innerJoin(danceNumbers, eq(danceNumbers.id, recitalShowNumbers.danceNumberId))
    .where(and(eq(recitalShowNumbers.companyId, companyId), eq(recitalShowNumbers.showId, showId)))
    .orderBy(asc(recitalShowNumbers.position))
    .limit(500);
  if (numbers.length === 0) return { numbers, dancers: [] };
  const dancers = await db
    .selectDistinct({
      danceNumberId: danceNumberActivity.danceNumberId,
      studentId: students.id,
      familyId: students.familyId,
      firstName: students.firstName,
      lastName: students.lastName,
      allergies: students.allergies,
    })
    .from(danceNumberActivity)
    .innerJoin(students, eq(students.id, danceNumberActivity.studentId))
    .where(
      and(
        eq(danceNumberActivity.companyId, companyId),
        inArray(
          danceNumberActivity.danceNumberId,
          numbers.map((n) => n.id),
        ),
        atTheRecital,
      ),
    )
    .orderBy(asc(students.firstName), asc(students.lastName))
    .limit(5000);
  return { numbers, dancers };
}
export type ShowDancer = Awaited<ReturnType<typeof showDancers>>['dancers'][number];

/** The show's sign-ins and sign-outs, in the order they happened. */
export function signinsOf(db: Db, companyId: string, showId: string) {
  return db
    .select({
      studentId: backstageSignins.studentId,
      kind: backstageSignins.kind,
      at: backstageSignins.at,
      byName: backstageSignins.byName,
      pickedUpBy: backstageSignins.pickedUpBy,
    })
    .from(backstageSignins)
    .where(and(eq(backstageSignins.companyId, companyId), eq(backstageSignins.showId, showId)))
    .orderBy(asc(backstageSignins.at), asc(backstageSignins.createdAt))
    .limit(20000);
}

/** Of these dancers, those signed in for the show at least once (a sign-out of theirs is always kept). */
export async function signedInOf(db: Db, companyId: string, showId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ studentId: backstageSignins.studentId })
    .from(backstageSignins)
    .where(
      and(
        eq(backstageSignins.companyId, companyId),
        eq(backstageSignins.showId, showId),
        eq(backstageSignins.kind, 'in'),
        inArray(backstageSignins.studentId, [...studentIds]),
      ),
    );
  return new Set(rows.map((r) => r.studentId));
}

/** Writes the events not written before (their clientId new); answers the written ones with their ids. */
export async function insertSignins(
  tx: Db,
  a: {
    companyId: string;
    showId: string;
    byUserId: string;
    byName: string;
    events: readonly {
      clientId: string;
      studentId: string;
      kind: 'in' | 'out';
      at: string;
      pickedUpBy?: string;
    }[];
  },
) {
  if (a.events.length === 0) return [];
  return tx
    .insert(backstageSignins)
    .values(
      a.events.map((e) => ({
        companyId: a.companyId,
        showId: a.showId,
        studentId: e.studentId,
        kind: e.kind,
        at: new Date(e.at),
        pickedUpBy: e.kind === 'out' && e.pickedUpBy ? e.pickedUpBy : null,
        clientId: e.clientId,
        byUserId: a.byUserId,
        byName: a.byName,
      })),
    )
    .onConflictDoNothing({ target: [backstageSignins.companyId, backstageSignins.clientId] })
    .returning({
      id: backstageSignins.id,
      clientId: backstageSignins.clientId,
      studentId: backstageSignins.studentId,
      kind: backstageSignins.kind,
      at: backstageSignins.at,
      pickedUpBy: backstageSignins.pickedUpBy,
    });
}
