import {
  type Actor,
  can,
  type MessageResult,
  messages,
  type PaymentSystem,
  paymentSystemMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { resolveYearTerm } from '../../kernel/current-term';
import { audit } from '../../lib/audit';
import { presentPaymentSystem } from './payment-system.presenters';
import {
  findOption,
  findPlan,
  listOptions,
  listPlans,
  setOptionDueDay,
  setPlanDiscount,
} from './payment-system.queries';

/** A term's plans in order with their options: the named term, else the studio's current one. */
export async function getPaymentSystem({
  db,
  actor,
  yearTermId,
}: {
  db: Db;
  actor: Actor;
  yearTermId?: string;
}): Promise<PaymentSystem> {
  if (!can(actor, 'studio:read')) throw forbidden();
  const term = await resolveYearTerm(db, actor.companyId, yearTermId);
  if (!term) return [];
  const plans = await listPlans(db, actor.companyId, term.id);
  const options = await listOptions(
    db,
    actor.companyId,
    plans.map((p) => p.id),
  );
  return presentPaymentSystem(plans, options);
}

/** A plan's discount; the default plan's stays 0, since every other plan is priced against it. */
export async function changePlanDiscount({
  db,
  actor,
  id,
  discount,
}: {
  db: Db;
  actor: Actor;
  id: string;
  discount: number;
}): Promise<MessageResult> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const plan = await findPlan(tx, companyId, id);
    if (!plan) throw new AppError('not_found', paymentSystemMessages.planNotFound);
    if (plan.isDefault && discount !== 0) {
      throw new AppError('unprocessable', paymentSystemMessages.defaultPlanDiscount);
    }
    await setPlanDiscount(tx, companyId, id, discount);
    await audit(tx, {
      action: 'payment_plan.discount_changed',
      companyId,
      userId: actor.userId,
      targetType: 'payment_plan',
      targetId: id,
      detail: { from: Number(plan.discount), to: discount },
    });
    return { msg: messages.updateSuccessful };
  });
}

/** The day of the month an option's payment is due; its dates stay as the term made them. */
export async function changeOptionDueDay({
  db,
  actor,
  id,
  dayPaymentDue,
}: {
  db: Db;
  actor: Actor;
  id: string;
  dayPaymentDue: number;
}): Promise<MessageResult> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const option = await findOption(tx, companyId, id);
    if (!option) throw new AppError('not_found', paymentSystemMessages.optionNotFound);
    await setOptionDueDay(tx, companyId, id, dayPaymentDue);
    await audit(tx, {
      action: 'payment_option.due_day_changed',
      companyId,
      userId: actor.userId,
      targetType: 'payment_plan_option',
      targetId: id,
      detail: { from: option.dayPaymentDue, to: dayPaymentDue },
    });
    return { msg: messages.updateSuccessful };
  });
}
