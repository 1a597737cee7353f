import type { MarkableSetupStep, SetupStepKey } from '@pirouette/domain';
import { type AnyColumn, and, eq, exists, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, yearTerms } from '../../db/schema/companies';
import { familyAccounts, termsAcceptances } from '../../db/schema/families';
import { locations, rooms } from '../../db/schema/locations';
import { classes } from '../../db/schema/schedule';
import { auditLog } from '../../db/schema/security';
import { teachers } from '../../db/schema/staff';
import { termsDocuments } from '../../db/schema/terms';
import { classTuitions, privateTuitions } from '../../db/schema/tuition';
import { merchantApproved } from '../payments';

/** The audit action that records an owner's tick of a step the studio's data cannot show. */
export const SETUP_MARK_ACTIONS: Record<MarkableSetupStep, string> = {
  registrationFee: 'studio_setup.registration_fee_confirmed',
  terms: 'studio_setup.terms_reviewed',
  parentLink: 'studio_setup.parent_link_shared',
};

/** The audit action of the owner saving the studio's fees (studio-settings.service.ts). */
const MONEY_SETTINGS_SAVED = 'studio.update_money_settings';

/** The studio's own audit entries of one action (audit_log_target_idx: company, 'company', its id). */
const audited = (db: Db, companyId: string, action: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, companyId),
          eq(auditLog.targetType, 'company'),
          eq(auditLog.targetId, companyId),
          eq(auditLog.action, action),
        ),
      ),
  );
const marked = (db: Db, companyId: string, step: MarkableSetupStep) =>
  audited(db, companyId, SETUP_MARK_ACTIONS[step]);

/**
 * Which setup steps the studio has done, in one statement of `exists` tests (each stops at its first
 * row, whatever the studio's size). Prices and classes count in the current year term, since that is
 * the season families register for; the registration fee is confirmed once an owner kept it or saved
 * the studio's fees; the terms are reviewed once an owner has saved a version of their
 * own, said they are fine as they are, or families have accepted them (they are in force); the link is
 * shared once an owner copied it or a family is there.
 */
export async function setupFacts(db: Db, companyId: string): Promise<Record<SetupStepKey, boolean>> {
  const one = { one: sql`1` };
  const inCurrentTerm = (yearTermId: AnyColumn) =>
    and(eq(yearTerms.id, yearTermId), eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true));
  const [row] = await db
    .select({
      locations: exists(
        db
          .select(one)
          .from(rooms)
          .innerJoin(locations, and(eq(locations.id, rooms.locationId), eq(locations.companyId, companyId)))
          .where(eq(rooms.companyId, companyId)),
      ).mapWith(Boolean),
      yearTerm: exists(
        db
          .select(one)
          .from(yearTerms)
          .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true))),
      ).mapWith(Boolean),
      teachers: exists(db.select(one).from(teachers).where(eq(teachers.companyId, companyId))).mapWith(
        Boolean,
      ),
      classPrices: exists(
        db
          .select(one)
          .from(classTuitions)
          .innerJoin(yearTerms, inCurrentTerm(classTuitions.yearTermId))
          .where(eq(classTuitions.companyId, companyId)),
      ).mapWith(Boolean),
      privatePrices: exists(
        db
          .select(one)
          .from(privateTuitions)
          .innerJoin(yearTerms, inCurrentTerm(privateTuitions.yearTermId))
          .where(eq(privateTuitions.companyId, companyId)),
      ).mapWith(Boolean),
      // The $35.00 a new studio starts with is a default nobody chose (issue 31 item 14): confirmed once
      // the owner keeps it or saves the studio's fees.
      registrationFee: or(
        marked(db, companyId, 'registrationFee'),
        audited(db, companyId, MONEY_SETTINGS_SAVED),
      )!.mapWith(Boolean),
      classes: exists(
        db
          .select(one)
          .from(classes)
          .innerJoin(yearTerms, inCurrentTerm(classes.yearTermId))
          .where(eq(classes.companyId, companyId)),
      ).mapWith(Boolean),
      terms: or(
        exists(
          db
            .select(one)
            .from(termsDocuments)
            .where(and(eq(termsDocuments.companyId, companyId), gt(termsDocuments.version, 1))),
        ),
        exists(db.select(one).from(termsAcceptances).where(eq(termsAcceptances.companyId, companyId))),
        marked(db, companyId, 'terms'),
      )!.mapWith(Boolean),
      parentLink: or(
        exists(db.select(one).from(familyAccounts).where(eq(familyAccounts.companyId, companyId))),
        marked(db, companyId, 'parentLink'),
      )!.mapWith(Boolean),
      getPaid: merchantApproved(db, companyId).mapWith(Boolean),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw new Error(`No studio ${companyId}`);
  return row;
}

/** Records an owner's tick once: a second tick of the same step adds nothing. */
export async function markSetupStep(
  db: Db,
  { companyId, userId, step }: { companyId: string; userId: string | null; step: MarkableSetupStep },
) {
  await db.execute(sql`
    insert into ${auditLog} (company_id, user_id, action, target_type, target_id, detail)
    select ${companyId}, ${userId}, ${SETUP_MARK_ACTIONS[step]}, 'company', ${companyId}, '{}'::jsonb
    where not ${marked(db, companyId, step)}
  `);
}
