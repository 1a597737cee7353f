import {
  type Actor,
  type GeneratedSeat,
  generateSeats,
  layoutOfSeats,
  planSeating,
  type SalesInput,
  SEATING_TEXT,
  type SeatingInput,
  type SeatingPage,
  salesRefusal,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../../lib/audit';
import {
  findRecital,
  pricesOf,
  replacePrices,
  seatsOf,
  updateSalesSettings,
  writeSeats,
} from './venue.queries';

/**
 * The venue's seating and the ticket prices (issue 38 item 4, decision 075): the owner's. A save replaces
 * the recital's seats whole in one transaction under the recital's lock: seats that stay keep their ids
 * (matched by section, row and number), and a seat a ticket holds or sold can be neither removed nor
 * blocked. No seat is sold twice here: the tickets' own index guards that.
 */

type Ctx = { db: Db; actor: Actor };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The seating page: the description read back from the seats, the seats drawn, prices and settings. */
export async function getSeating({ db, actor }: Ctx, recitalId: string): Promise<SeatingPage> {
  const recital = await findRecital(db, actor.companyId, recitalId);
  if (!recital) throw notFound(SEATING_TEXT.recitalNotFound);
  const seats = await seatsOf(db, actor.companyId, recitalId);
  const prices = await pricesOf(db, actor.companyId, recitalId);
  return {
    recitalId,
    layout: layoutOfSeats(seats),
    seats: seats.map(({ sectionOrder: _s, rowOrder: _r, ...s }) => s),
    sales: {
      prices,
      compsPerDancer: recital.compsPerDancer,
      familySalesFrom: iso(recital.familySalesFrom),
      publicSalesFrom: iso(recital.publicSalesFrom),
      salesUntil: iso(recital.salesUntil),
      settledFamiliesOnly: recital.settledFamiliesOnly,
      refundsUntil: recital.refundsUntil,
    },
    takenCount: seats.filter((s) => s.taken).length,
  };
}

/** Saves the venue whole: refused with a sentence (nothing changed) when it would lose a sold seat. */
export async function saveSeating(
  { db, actor }: Ctx,
  recitalId: string,
  input: SeatingInput,
): Promise<{ msg: string; seats: number }> {
  const generated = generateSeats(input);
  if (!generated.ok) throw new AppError('unprocessable', generated.message);
  return db.transaction(async (tx) => {
    if (!(await findRecital(tx, actor.companyId, recitalId, true)))
      throw notFound(SEATING_TEXT.recitalNotFound);
    const stored = await seatsOf(tx, actor.companyId, recitalId);
    const plan = planSeating(stored, generated.seats);
    if (!plan.ok) throw new AppError('unprocessable', plan.message);
    await writeSeats(tx, { companyId: actor.companyId, recitalId, ...plan });
    await audit(tx, {
      action: 'recital.seating',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'recital',
      targetId: recitalId,
      detail: { seats: generated.seats.length, added: plan.add.length, removed: plan.remove.length },
    });
    return { msg: SEATING_TEXT.saved, seats: generated.seats.length };
  });
}

const sectionsOf = (seats: readonly Pick<GeneratedSeat, 'section'>[]) => [
  ...new Set(seats.map((s) => s.section)),
];

/** Saves the prices (replaced whole) and the sales settings, in one transaction. */
export async function saveSales(
  { db, actor }: Ctx,
  recitalId: string,
  input: SalesInput,
): Promise<{ msg: string }> {
  return db.transaction(async (tx) => {
    if (!(await findRecital(tx, actor.companyId, recitalId, true)))
      throw notFound(SEATING_TEXT.recitalNotFound);
    const refusal = salesRefusal(input, sectionsOf(await seatsOf(tx, actor.companyId, recitalId)));
    if (refusal) throw new AppError('unprocessable', refusal.message);
    await replacePrices(tx, { companyId: actor.companyId, recitalId, prices: input.prices });
    const at = (s: string | null) => (s ? new Date(s) : null);
    await updateSalesSettings(tx, actor.companyId, recitalId, {
      compsPerDancer: input.compsPerDancer,
      familySalesFrom: at(input.familySalesFrom),
      publicSalesFrom: at(input.publicSalesFrom),
      salesUntil: at(input.salesUntil),
      settledFamiliesOnly: input.settledFamiliesOnly,
      refundsUntil: input.refundsUntil,
    });
    await audit(tx, {
      action: 'recital.sales',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'recital',
      targetId: recitalId,
      detail: { prices: input.prices.length, settledFamiliesOnly: input.settledFamiliesOnly },
    });
    return { msg: SEATING_TEXT.pricesSaved };
  });
}
