import {
  type Actor,
  can,
  messages,
  personName,
  type Teacher,
  type TeacherData,
  teacherMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import type { teachers } from '../../db/schema/staff';
import { AppError, forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import {
  deleteTeacher,
  insertTeacher,
  listTeachers,
  lockTeacher,
  teacherUsage,
  updateTeacher,
} from './teachers.queries';

type Ctx = { db: Db; actor: Actor };

const notFound = () => new AppError('not_found', teacherMessages.notFound);

function mustManage(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

export function presentTeacher(row: typeof teachers.$inferSelect): Teacher {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    address: row.address,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    phone: row.phone,
    email: row.email,
  };
}

/** The studio's teachers, by last name then first name. */
export async function getTeachers({ db, actor }: Ctx): Promise<Teacher[]> {
  if (!can(actor, 'studio:read')) throw forbidden();
  return (await listTeachers(db, actor.companyId)).map(presentTeacher);
}

export async function createTeacher({
  db,
  actor,
  data,
}: Ctx & { data: TeacherData }): Promise<{ id: string; msg: string }> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const { id } = await insertTeacher(tx, actor.companyId, data);
    await audit(tx, {
      action: 'teacher.create',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'teacher',
      targetId: id,
    });
    return { id, msg: messages.insertSuccessful };
  });
}

export async function editTeacher({
  db,
  actor,
  id,
  data,
}: Ctx & { id: string; data: TeacherData }): Promise<{ msg: string }> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    if (!(await updateTeacher(tx, actor.companyId, id, data))) throw notFound();
    await audit(tx, {
      action: 'teacher.update',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'teacher',
      targetId: id,
    });
    return { msg: messages.updateSuccessful };
  });
}

export async function removeTeacher({ db, actor, id }: Ctx & { id: string }): Promise<{ msg: string }> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    // The teacher's row stays locked until the delete: a class or a private lesson naming the teacher
    // waits for it, and one named just before is counted (the count is a later statement).
    const teacher = await lockTeacher(tx, actor.companyId, id);
    if (!teacher) throw notFound();
    const usage = await teacherUsage(tx, actor.companyId, id);
    if (usage.classes > 0 || usage.privates > 0) {
      throw new AppError(
        'unprocessable',
        teacherMessages.inUse(personName(teacher.firstName, teacher.lastName), usage.classes, usage.privates),
      );
    }
    if (!(await deleteTeacher(tx, actor.companyId, id))) throw notFound();
    await audit(tx, {
      action: 'teacher.delete',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'teacher',
      targetId: id,
    });
    return { msg: messages.deleteSuccessful };
  });
}
