import type { measurementInput } from '@pirouette/domain';
import { COSTUME_TEXT, type MeasurementAnswer } from '@pirouette/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { studentMeasurements } from '../../db/schema/costumes';
import { students } from '../../db/schema/families';
import { notFound } from '../../http/errors';
import { posterName, studioToday } from '../ledger';
import { type CostumeDeps, inchesOf, requireOwner } from './shared';

/**
 * A dancer's measurements (issue 18): each taking kept with its day and who took it; the latest one
 * suggests sizes. Inches with one decimal at the API edge, tenths of an inch in the table.
 */

type Row = typeof studentMeasurements.$inferSelect;

export const presentMeasurement = (m: Row): MeasurementAnswer => ({
  id: m.id,
  takenOn: m.takenOn,
  girth: inchesOf(m.girth),
  chest: inchesOf(m.chest),
  hips: inchesOf(m.hips),
  height: inchesOf(m.height),
  by: m.createdByName,
});

async function studentOf(deps: CostumeDeps, studentId: string) {
  const [row] = await deps.db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.companyId, deps.actor.companyId), eq(students.id, studentId)));
  if (!row) throw notFound(COSTUME_TEXT.studentNotFound);
  return row;
}

export async function measurementsOf(deps: CostumeDeps, studentId: string) {
  requireOwner(deps.actor);
  const student = await studentOf(deps, studentId);
  const rows = await deps.db
    .select()
    .from(studentMeasurements)
    .where(
      and(
        eq(studentMeasurements.companyId, deps.actor.companyId),
        eq(studentMeasurements.studentId, studentId),
      ),
    )
    .orderBy(desc(studentMeasurements.takenOn), desc(studentMeasurements.createdAt));
  const history = rows.map(presentMeasurement);
  return {
    studentID: student.id,
    studentName: `${student.firstName} ${student.lastName}`.trim(),
    latest: history[0] ?? null,
    history,
  };
}

export async function addMeasurements(
  deps: CostumeDeps,
  studentId: string,
  body: z.output<typeof measurementInput>,
) {
  requireOwner(deps.actor);
  await studentOf(deps, studentId);
  const takenOn = body.takenOn ?? (await studioToday(deps.db, deps.actor.companyId, deps.clock));
  const [row] = await deps.db
    .insert(studentMeasurements)
    .values({
      companyId: deps.actor.companyId,
      studentId,
      takenOn,
      girth: body.girth,
      chest: body.chest,
      hips: body.hips,
      height: body.height,
      createdBy: deps.actor.userId,
      createdByName: posterName({ userId: deps.actor.userId }),
    })
    .returning({ id: studentMeasurements.id });
  return { id: row!.id, msg: COSTUME_TEXT.measurementsSaved };
}
