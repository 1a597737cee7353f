import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { gate, ON_POSTGRES, registrationHolding, someoneWaits } from '../../../test/interleaved';
import { useTwoStudios } from '../../../test/studios-base';
import { rowsOf } from '../../db/rows';
import { checkRecords, dancer, family, klass } from './imports.fixture';

/**
 * An import run while the studio is live (PostgreSQL: PGlite runs one statement at a time). A
 * registration locks its family, then the classes it joins. An import that changes a class and enrols a
 * family of the studio into it used to update the class first and lock the family after: with that
 * family registering into the class at that moment, each held what the other waited for, and
 * PostgreSQL ended one of them with a deadlock (decision 126). It now locks the families it touches,
 * then the classes, before its first write.
 */
const { t, s } = useTwoStudios();
const db = () => t.database.db;
const run = (id: string) => s.a.post(`/api/mystudio/imports/${id}/run`);
let familyId = '';
let classId = '';

const moved = { families: [family('Lk', 0)], dancers: [dancer('Lk', 0, 'LkF0')], classes: [klass('Lk', 0)] };

beforeAll(async () => {
  const batch = await checkRecords(t, s, moved);
  expect((await run(batch.id)).status).toBe(200);
  const [row] = await rowsOf<{ familyId: string; classId: string }>(
    db(),
    sql`select (select id from family_accounts where last_name = 'LkFamily0') as "familyId",
      (select id from classes where name = 'Lk Jazz 0') as "classId"`,
  );
  familyId = row!.familyId;
  classId = row!.classId;
});

describe.runIf(ON_POSTGRES)('an import beside a registration (PostgreSQL)', () => {
  it('waits for a family that holds its row before taking the class it changes: both go through', async () => {
    // The class's places changed in the old system, and the family's dancer enrolled into it.
    const again = await checkRecords(t, s, {
      ...moved,
      classes: [klass('Lk', 0, { places: 14 })],
      enrolments: [{ file: 'enrolments.csv', row: 2, dancerRef: 'LkD0', classRef: 'LkC0' }],
    });
    expect(again.totals.classes.changed).toBe(1);
    expect(again.totals.enrolments.new).toBe(1);

    const { opened: go, open: letGo } = gate();
    const registration = registrationHolding(db(), { companyId: s.companyA, familyId, classId }, go);
    await registration.holding;
    const imported = run(again.id);
    try {
      // The import waits for the family's row, holding no class yet.
      await someoneWaits(db(), 'the import did not wait for the family');
    } finally {
      letGo();
    }
    await registration.done;
    const res = await imported;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [cls] = await rowsOf<{ places: number; enrolled: number }>(
      db(),
      sql`select n_max as places, (select count(*)::int from class_registrations where class_id = ${classId}) as enrolled
        from classes where id = ${classId}`,
    );
    expect(cls).toEqual({ places: 14, enrolled: 1 });
  });
});
