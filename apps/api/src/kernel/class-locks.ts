import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { classes } from '../db/schema/schedule';

/**
 * Holds classes' rows of the studio until the transaction ends: NO KEY UPDATE, in id order, in one
 * statement, after the families the same work writes (decision 126: the studio, families, classes,
 * what hangs from them). A registration joining one of them (FOR UPDATE, to count its places) or a
 * make-up booked into it waits for the holder and then sees its work; inserts naming the classes (KEY
 * SHARE) go on. Used by a closure (the classes it closes) and an import (the classes it changes or
 * enrols into).
 */
export async function lockClassRows(tx: Db, companyId: string, classIds: readonly string[]): Promise<void> {
  if (classIds.length === 0) return;
  await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), inArray(classes.id, [...new Set(classIds)])))
    .orderBy(asc(classes.id))
    .for('no key update');
}
