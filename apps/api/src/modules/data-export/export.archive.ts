import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type PirouetteArchive } from '@pirouette/domain';
import { type ExportRows, firstParents } from './export.files';
import type { classPriceRows, locationRows, roomRows, studioRow, teacherRows } from './export.queries';

/**
 * `pirouette.json` from the studio's rows (issue 35 item 6, decision 057), pure: the studio's settings,
 * locations and rooms, teachers, the current term with its class prices and classes, the families with
 * their people and dancers and each one's balance net of its credit, and the dancers enrolled in the
 * current term's classes (the registrations that count). Ids leave as `ref`.
 */
export type ArchiveInput = {
  studio: NonNullable<Awaited<ReturnType<typeof studioRow>>>;
  term: { id: string; name: string; dateStart: string; dateEnd: string } | null;
  prices: Awaited<ReturnType<typeof classPriceRows>>;
  locations: Awaited<ReturnType<typeof locationRows>>;
  rooms: Awaited<ReturnType<typeof roomRows>>;
  teachers: Awaited<ReturnType<typeof teacherRows>>;
  rows: ExportRows;
  asOf: string;
  exportedAt: string;
};

/** Items by a key, in their order (Map.groupBy is not in Node 20). */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = out.get(key);
    if (list) list.push(item);
    else out.set(key, [item]);
  }
  return out;
}

function families(rows: ExportRows): PirouetteArchive['families'] {
  const people = groupBy(rows.people, (p) => p.familyId);
  const dancers = groupBy(rows.dancers, (d) => d.familyId);
  const parents = firstParents(rows.people);
  return rows.families.map((f) => ({
    ref: f.id,
    lastName: f.lastName,
    email: f.email || parents.get(f.id)?.email || '',
    phone: f.phone,
    address: f.address,
    address2: f.address2,
    city: f.city,
    state: f.state,
    zipcode: f.zipcode,
    status: f.termStatus,
    balance: rows.balances.get(f.id) ?? 0,
    people: (people.get(f.id) ?? []).map((p) => ({
      ref: p.id,
      kind: p.kind,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      phone: p.phone,
      role: p.role,
    })),
    dancers: (dancers.get(f.id) ?? []).map((d) => ({
      ref: d.id,
      firstName: d.firstName,
      lastName: d.lastName,
      dob: d.dob,
      gender: d.gender === 'M' ? ('M' as const) : ('F' as const),
    })),
  }));
}

export function studioArchive(input: ArchiveInput): PirouetteArchive {
  const { studio, term, rows } = input;
  const termClasses = term ? rows.classes.filter((c) => c.yearTermId === term.id) : [];
  const inTerm = new Set(termClasses.map((c) => c.id));
  const rooms = groupBy(input.rooms, (r) => r.locationId);
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: input.exportedAt,
    asOf: input.asOf,
    studio: {
      name: studio.name,
      address: studio.address,
      city: studio.city,
      state: studio.state,
      zipcode: studio.zipcode,
      phone: studio.phone,
      email: studio.email,
      timeZone: studio.timeZone,
      moneySettings: studio.moneySettings,
    },
    locations: input.locations.map((l) => ({
      ref: l.id,
      name: l.name,
      address: l.address,
      city: l.city,
      state: l.state,
      zipcode: l.zipcode,
      phone: l.phone,
      rooms: (rooms.get(l.id) ?? []).map((r) => ({ ref: r.id, name: r.name, description: r.description })),
    })),
    teachers: input.teachers.map((t) => ({
      ref: t.id,
      firstName: t.firstName,
      lastName: t.lastName,
      email: t.email,
      phone: t.phone,
      address: t.address,
      city: t.city,
      state: t.state,
      zipcode: t.zipcode,
    })),
    term: term
      ? {
          ref: term.id,
          name: term.name,
          dateStart: term.dateStart,
          dateEnd: term.dateEnd,
          prices: input.prices.map((p) => ({ ref: p.id, minutes: p.minutes, monthly: p.monthly })),
        }
      : null,
    classes: termClasses.map((c) => ({
      ref: c.id,
      name: c.name,
      day: c.day,
      timeStart: c.timeStart,
      timeEnd: c.timeEnd,
      roomRef: c.roomId,
      teacherRef: c.teacherId,
      priceRef: c.priceId,
      ageMin: c.ageMin,
      ageMax: c.ageMax,
      level: c.level,
      places: c.places,
      monthly: c.monthly,
    })),
    families: families(rows),
    enrolments: rows.enrolments
      .filter((e) => e.counts && inTerm.has(e.classId))
      .map((e) => ({ dancerRef: e.studentId, classRef: e.classId })),
  };
}
