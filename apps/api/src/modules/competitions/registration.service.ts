import {
  type Actor,
  COMPETITION_REG_TEXT,
  COMPETITION_TEXT,
  centsText,
  centsToDollars,
  type competitionClassRegistrationInput,
  type competitionPrivateRegistrationInput,
  type competitionStudentsRegistrationInput,
  dancersProblem,
  messages,
  type RegistrationType,
} from '@pirouette/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound, unprocessable } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { type LedgerCtx, lockBook, postCharge, removeCharge } from '../ledger';
import type { Book } from '../ledger/book';
import { studioToday } from '../ledger/ledger.service';
import {
  type Candidate,
  candidatesOf,
  deleteLines,
  type EntryRow,
  feeChargesOf,
  feeKey,
  findEntry,
  findLine,
  insertLines,
  isPaid,
  type LineRow,
  linesOf,
  type NewLine,
  type Target,
  targetsOf,
} from './registration.queries';
import { requireOwner } from './shared';

/**
 * Registering dancers on a competition entry, and taking them off (issue 19 points 2–3, decision 032).
 * Each write is one transaction: the entry is held first (registrations on one entry are counted one
 * after the other, so its dancer limits hold), then the families' books in id order (as every ledger
 * write holds them), then the lines and each family's fee — the entry's customer price per dancer, a
 * `competition` charge keyed `competition-fee:<line id>`. Sent twice, registered and charged once.
 */

export type RegistrationDeps = { db: Db; actor: Actor; clock: Clock };

/** What a request asks: every dancer of these numbers or lessons, or these dancers of them. */
type Ask = { kind: Target['kind']; ids: string[]; only?: { pID: string; acctStdID: string }[] };

const targetWord = (kind: Target['kind'], name: string) =>
  kind === 'dnc' ? `the dance number ${name}` : `the private lesson ${name}`;

/** The entry's dancer limits on each number or lesson the request touches (decision 032); 422 otherwise. */
function checkLimits(entry: EntryRow, names: Map<string, string>, counts: Map<string, number>) {
  for (const [id, n] of counts) {
    const problem = dancersProblem(n, { min: entry.dancersMin, max: entry.dancersMax });
    if (problem === 'tooFew')
      throw unprocessable(COMPETITION_REG_TEXT.tooFew(entry.name, entry.dancersMin, names.get(id)!, n));
    if (problem === 'tooMany')
      throw unprocessable(COMPETITION_REG_TEXT.tooMany(entry.name, entry.dancersMax, names.get(id)!, n));
  }
}

/** Holds the families' books, in id order, and answers them by family. */
async function lockBooks(tx: Db, companyId: string, familyIds: Iterable<string>) {
  const books = new Map<string, Book>();
  for (const familyId of [...new Set(familyIds)].sort()) {
    const book = await lockBook(tx, companyId, familyId);
    if (!book) throw new AppError('not_found', messages.accountNotFound);
    books.set(familyId, book);
  }
  return books;
}

/** The event's words in a fee's explanation: "Regional — Starpower at Meadowlands Expo Center, 2027-03-05". */
const eventWords = (e: EntryRow) => `${e.eventType} — ${e.company} at ${e.location}, ${e.dateStart}`;

async function register(deps: RegistrationDeps, entryId: string, type: RegistrationType, ask: Ask) {
  const { db, actor, clock } = deps;
  requireOwner(actor);
  const companyId = actor.companyId;
  const ids = [...new Set([...ask.ids, ...(ask.only ?? []).map((o) => o.pID)])];
  const today = await studioToday(db, companyId, clock);
  return db.transaction(async (tx) => {
    const entry = await findEntry(tx, companyId, entryId, true);
    if (!entry) throw notFound(COMPETITION_TEXT.entryNotFound);
    // One after the other: a transaction's statements share its one connection.
    const targets = await targetsOf(tx, companyId, ask.kind, ids);
    const candidates = await candidatesOf(tx, companyId, ask.kind, ids);
    const lines = await linesOf(tx, companyId, entry.id, ask.kind, ids);
    if (targets.length !== ids.length) {
      throw notFound(
        ask.kind === 'dnc' ? COMPETITION_REG_TEXT.numberNotFound : COMPETITION_REG_TEXT.privateNotFound,
      );
    }
    const names = new Map(targets.map((t) => [t.id, targetWord(ask.kind, t.name)]));
    const registered = new Set(lines.map((l) => `${l.targetId}:${l.studentId}`));
    const byPair = new Map(candidates.map((c) => [`${c.targetId}:${c.studentId}`, c]));
    let picked: Candidate[];
    if (ask.only) {
      picked = [];
      for (const o of ask.only) {
        const c = byPair.get(`${o.pID}:${o.acctStdID}`);
        if (!c) {
          if (registered.has(`${o.pID}:${o.acctStdID}`)) continue;
          throw unprocessable(COMPETITION_REG_TEXT.notDancing('This dancer', names.get(o.pID)!));
        }
        picked.push(c);
      }
    } else {
      picked = candidates;
    }
    const fresh = [
      ...new Map(
        picked
          .filter((c) => !registered.has(`${c.targetId}:${c.studentId}`))
          .map((c) => [`${c.targetId}:${c.studentId}`, c]),
      ).values(),
    ];
    if (fresh.length === 0) return { msg: COMPETITION_REG_TEXT.nothingNew, regIDs: [], nReg: 0, fees: 0 };

    const counts = new Map<string, number>();
    for (const l of lines) counts.set(l.targetId, (counts.get(l.targetId) ?? 0) + 1);
    const touched = new Map<string, number>();
    for (const c of fresh)
      touched.set(c.targetId, (touched.get(c.targetId) ?? counts.get(c.targetId) ?? 0) + 1);
    checkLimits(entry, names, touched);

    const books = await lockBooks(
      tx,
      companyId,
      fresh.map((c) => c.familyId),
    );
    const newLines: NewLine[] = fresh.map((c) => ({
      type,
      target: { kind: ask.kind, id: c.targetId },
      studentId: c.studentId,
      familyId: c.familyId,
      price: entry.priceCustomer,
      priceStudio: entry.priceStudio,
    }));
    const made = await insertLines(tx, companyId, entry.id, actor.userId, newLines);
    const who = new Map(fresh.map((c) => [`${c.targetId}:${c.studentId}`, c]));
    for (const m of made) {
      const targetId = (m.danceNumberId ?? m.privateId)!;
      const dancer = who.get(`${targetId}:${m.studentId}`)!;
      const ledger: LedgerCtx = { tx, companyId, familyId: m.familyId, today, by: { userId: actor.userId } };
      await postCharge(ledger, books.get(m.familyId)!, {
        category: 'competition',
        item: `Competition: ${entry.name} — ${dancer.firstName}`,
        amount: entry.priceCustomer,
        dueDate: today,
        lines: [
          {
            label: `${eventWords(entry)}: ${entry.name}, ${names.get(targetId)} — ${dancer.name}: ${centsText(entry.priceCustomer)}`,
            amount: entry.priceCustomer,
          },
        ],
        key: feeKey(m.id),
        reason: 'Competition registration',
      });
    }
    return {
      msg: made.length > 0 ? COMPETITION_REG_TEXT.registered : COMPETITION_REG_TEXT.nothingNew,
      regIDs: made.map((m) => m.id),
      nReg: made.length,
      fees: centsToDollars(made.length * entry.priceCustomer),
    };
  });
}

/** `POST …/registration/class`: the numbers' dancers not yet registered, all of them. */
export const registerClass = (
  deps: RegistrationDeps,
  body: z.output<typeof competitionClassRegistrationInput>,
) => register(deps, body.entry, body.type, { kind: 'dnc', ids: body.sReg });

/** `POST …/registration/private`: the lessons' dancers not yet registered, all of them. */
export const registerPrivate = (
  deps: RegistrationDeps,
  body: z.output<typeof competitionPrivateRegistrationInput>,
) => register(deps, body.entry, 'prv', { kind: 'prv', ids: body.sReg });

/** `POST …/registration/students`: single dancers of numbers (or, type `prv`, of lessons). */
export const registerStudents = (
  deps: RegistrationDeps,
  body: z.output<typeof competitionStudentsRegistrationInput>,
) =>
  register(deps, body.entry, body.type, {
    kind: body.type === 'prv' ? 'prv' : 'dnc',
    ids: [],
    only: body.sReg,
  });

/**
 * The two DELETEs: a number's or lesson's dancers taken off the entry (`dnc`/`prv`), or one of them
 * (`std`), leaving the rest within the entry's limits. Before the event's first day each fee comes off
 * the family's bill (what was paid of it goes to the family's credit, decision 027); on or after it,
 * the fees stay and the answer says so.
 */
export async function removeRegistration(
  deps: RegistrationDeps,
  p: { entry: string; kind: Target['kind']; id: string; studentId: string | null },
) {
  const { db, actor, clock } = deps;
  requireOwner(actor);
  const companyId = actor.companyId;
  const today = await studioToday(db, companyId, clock);
  return db.transaction(async (tx) => {
    const entry = await findEntry(tx, companyId, p.entry, true);
    if (!entry) throw notFound(COMPETITION_TEXT.entryNotFound);
    const targets = await targetsOf(tx, companyId, p.kind, [p.id]);
    const lines = await linesOf(tx, companyId, entry.id, p.kind, [p.id]);
    const gone: LineRow[] = p.studentId ? lines.filter((l) => l.studentId === p.studentId) : lines;
    if (gone.length === 0) throw notFound(COMPETITION_REG_TEXT.registrationNotFound);
    const name = targetWord(p.kind, targets[0]?.name ?? '');
    checkLimits(entry, new Map([[p.id, name]]), new Map([[p.id, lines.length - gone.length]]));

    const books = await lockBooks(
      tx,
      companyId,
      gone.map((l) => l.familyId),
    );
    const charges = await feeChargesOf(
      tx,
      companyId,
      gone.map((l) => l.id),
    );
    await deleteLines(
      tx,
      companyId,
      gone.map((l) => l.id),
    );
    const beforeEvent = today < entry.dateStart;
    let feesRemoved = 0;
    let feesKept = 0;
    for (const l of gone) {
      const chargeId = charges.get(l.id);
      const book = books.get(l.familyId)!;
      const charge = chargeId ? book.charges.find((c) => c.id === chargeId && !c.removed) : undefined;
      if (!charge) continue;
      if (!beforeEvent) {
        feesKept += 1;
        continue;
      }
      const ledger: LedgerCtx = { tx, companyId, familyId: l.familyId, today, by: { userId: actor.userId } };
      await removeCharge(
        ledger,
        book,
        charge.id,
        `Competition registration removed: ${entry.name} — ${l.firstName}`,
      );
      feesRemoved += 1;
    }
    return {
      msg:
        feesKept > 0
          ? `${COMPETITION_REG_TEXT.removed} ${COMPETITION_REG_TEXT.feesKept(feesKept, entry.dateStart)}`
          : COMPETITION_REG_TEXT.removed,
      nRemoved: gone.length,
      feesRemoved,
      feesKept,
    };
  });
}

/**
 * `PUT …/registration/{id}/paid`: the paid flag follows the ledger (decision 032). The flag as the
 * ledger has it is answered; any other is refused with where to record the payment, nothing changed.
 */
export async function setPaid({ db, actor }: RegistrationDeps, id: string, isPayed: boolean) {
  requireOwner(actor);
  const line = await findLine(db, actor.companyId, id);
  if (!line) throw notFound(COMPETITION_REG_TEXT.registrationNotFound);
  const paid = isPaid(line);
  if (paid !== isPayed) {
    throw unprocessable(paid ? COMPETITION_REG_TEXT.paidAlready : COMPETITION_REG_TEXT.paidByLedger);
  }
  return { id, isPayed: (paid ? 1 : 0) as 0 | 1, msg: messages.updateSuccessful };
}
