import { type DateOnly, ROLL_TEXT, type trialInput } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { trialVisits } from '../../db/schema/attendance';
import { AppError } from '../../http/errors';
import { audit } from '../../lib/audit';
import { type Ctx, meetingOf } from './roll.service';

/**
 * Trial guests (decision 063): someone trying a class, added by the owner to one meeting and marked on its
 * roll apart from the dancers. A cancelled meeting takes none.
 */
export async function addTrial(
  ctx: Ctx,
  classId: string,
  date: DateOnly,
  input: z.output<typeof trialInput>,
): Promise<{ id: string; msg: string }> {
  const { db, actor } = ctx;
  const m = await meetingOf(ctx, classId, date);
  if (m.meeting.closure) throw new AppError('unprocessable', ROLL_TEXT.cancelled);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trialVisits)
      .values({ companyId: actor.companyId, classId, meetingDate: date, createdBy: actor.userId, ...input })
      .returning({ id: trialVisits.id });
    await audit(tx, {
      action: 'attendance.trial.add',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'trial_visit',
      targetId: row!.id,
      detail: { classId, date, firstName: input.firstName },
    });
    return { id: row!.id, msg: ROLL_TEXT.trialAdded };
  });
}

/** Removes a trial guest from a meeting: 404 when the meeting has no such guest. */
export async function removeTrial(
  ctx: Ctx,
  classId: string,
  date: DateOnly,
  id: string,
): Promise<{ msg: string }> {
  const { db, actor } = ctx;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(trialVisits)
      .where(
        and(
          eq(trialVisits.companyId, actor.companyId),
          eq(trialVisits.classId, classId),
          eq(trialVisits.meetingDate, date),
          eq(trialVisits.id, id),
        ),
      )
      .returning({ id: trialVisits.id, firstName: trialVisits.firstName });
    if (rows.length === 0) throw new AppError('not_found', ROLL_TEXT.trialNotFound);
    await audit(tx, {
      action: 'attendance.trial.remove',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'trial_visit',
      targetId: id,
      detail: { classId, date, firstName: rows[0]!.firstName },
    });
    return { msg: ROLL_TEXT.trialRemoved };
  });
}
