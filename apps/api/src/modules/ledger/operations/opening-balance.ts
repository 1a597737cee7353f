import {
  type DateOnly,
  judgeOpeningBalances,
  type OpeningFate,
  type OpeningRow,
  type OtherOpening,
  openingBalanceKey,
  openingBalanceWords,
} from '@pirouette/domain';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { MoneyLine } from '../../../db/schema/enrolment';
import { familyAccounts } from '../../../db/schema/families';
import { ledgerCharges, ledgerEntries, ledgerInvoices, ledgerTransactions } from '../../../db/schema/ledger';
import { AppError, conflict, notFound } from '../../../http/errors';
import { closedThrough } from '../periods';
import { ACCOUNTS, type Posting, posterName } from '../post';
import { lockBook, lockFamilyRows } from './context';
import { postCharge } from './post-charge';

/**
 * Opening balances (issue 35 item 4, decision 056): what each family owed, or was owed, in the studio's
 * old system, posted for many families at once inside the import's transaction. Each is one charge
 * "Opening balance from <source> on <MM/DD/YYYY>" of the category `opening_balance`: owed (a charge on
 * the family's bill, paid like any other) or a credit (a negative item, the family's credit, used by
 * its next charges like any credit). Its other side is the studio's opening balances (equity, book
 * account 3000), so the studio's books stay balanced and no revenue is booked twice.
 *
 * Keyed `opening:<source>:<family>`: posted again, nothing changes; a different amount for the same
 * family and source is refused, and so is a balance for a family that has one from another source already
 * (the rules: `judgeOpeningBalances` in packages/domain). Dated in a
 * closed month: refused, as a person's entry is (decision 050).
 *
 * Bulk: a fixed number of statements whatever the number of families, for families with no books yet
 * (every family an import makes). A family that has books already (matched to one typed in by hand)
 * is posted by the ordinary `postCharge` under its lock, so its bill and credit work as for any charge.
 */

export type OpeningCheckRow = {
  file: string;
  row: number;
  /** The family's id when it exists in the studio; null when it is new in this import. */
  familyId: string | null;
  /** When the family is new: the import's own key for it, to find its second balance in the files. */
  familyKey?: string;
  amount: number;
  asOf: DateOnly;
};

export type OpeningCheck = {
  file: string;
  row: number;
  fate: OpeningFate['fate'];
  sentence: string;
};

/** The amounts posted already under the families' keys for the source, by family id (one statement). */
async function postedOpenings(db: Db, companyId: string, source: string, familyIds: readonly string[]) {
  const posted = new Map<string, number>();
  const ids = [...new Set(familyIds)];
  if (ids.length === 0) return posted;
  const rows = await db
    .select({ familyId: ledgerTransactions.familyId, total: ledgerCharges.total })
    .from(ledgerTransactions)
    .innerJoin(ledgerCharges, eq(ledgerCharges.txId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.companyId, companyId),
        inArray(
          ledgerTransactions.idempotencyKey,
          ids.map((id) => openingBalanceKey(source, id)),
        ),
      ),
    );
  for (const r of rows) posted.set(r.familyId, r.total);
  return posted;
}

/**
 * The opening balances the families have from any other source (by family id, one statement): a family
 * starts here once, so a balance from a second source is refused (decision 056). One removed (reversed)
 * does not count.
 */
async function otherOpenings(db: Db, companyId: string, source: string, familyIds: readonly string[]) {
  const other = new Map<string, OtherOpening>();
  const ids = [...new Set(familyIds)];
  if (ids.length === 0) return other;
  const rows = await db
    .select({
      familyId: ledgerCharges.familyId,
      words: ledgerCharges.item,
      lastName: familyAccounts.lastName,
    })
    .from(ledgerCharges)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerCharges.txId))
    .innerJoin(familyAccounts, eq(familyAccounts.id, ledgerCharges.familyId))
    .where(
      and(
        eq(ledgerCharges.companyId, companyId),
        eq(ledgerCharges.category, 'opening_balance'),
        inArray(ledgerCharges.familyId, ids),
        notInArray(
          ledgerTransactions.idempotencyKey,
          ids.map((id) => openingBalanceKey(source, id)),
        ),
        sql`not exists (select 1 from ledger_transactions r where r.reverses_id = ${ledgerTransactions.id})`,
      ),
    )
    .orderBy(asc(ledgerTransactions.effectiveDate));
  for (const r of rows) if (!other.has(r.familyId)) other.set(r.familyId, r);
  return other;
}

/** The dry run's fate of each balance row, in order (reads: the closed months, the balances posted). */
export async function checkOpeningBalances(
  db: Db,
  args: {
    companyId: string;
    source: string;
    sourceName: string;
    today: DateOnly;
    balances: OpeningCheckRow[];
  },
): Promise<OpeningCheck[]> {
  const known = args.balances.flatMap((b) => (b.familyId ? [b.familyId] : []));
  const [posted, elsewhere, through] = await Promise.all([
    postedOpenings(db, args.companyId, args.source, known),
    otherOpenings(db, args.companyId, args.source, known),
    closedThrough(db, args.companyId),
  ]);
  const rows: OpeningRow[] = args.balances.map((b) => ({
    ...b,
    familyKey: b.familyId ?? (b.familyKey ? `new:${b.familyKey}` : null),
  }));
  const fates = judgeOpeningBalances(rows, {
    sourceName: args.sourceName,
    today: args.today,
    closedThrough: through,
    posted,
    elsewhere,
  });
  return fates.map((f, i) => ({
    file: args.balances[i]!.file,
    row: args.balances[i]!.row,
    fate: f.fate,
    sentence: f.sentence,
  }));
}

export type OpeningPostRow = { familyId: string; amount: number; asOf: DateOnly; file: string; row: number };

export type OpeningPosted = { posted: number; matched: number; owed: number; credit: number };

type ToPost = OpeningPostRow & { key: string; words: string };

/**
 * Posts the opening balances inside the caller's transaction. A row the rules refuse throws (the whole
 * import rolls back) with its file, row and sentence; a 0 posts nothing; one posted already with the
 * same amount posts nothing (`matched`).
 */
export async function postOpeningBalances(
  tx: Db,
  args: {
    companyId: string;
    actorUserId: string;
    source: string;
    sourceName: string;
    balances: OpeningPostRow[];
    /** The studio's today: a balance dated later is refused (default: no such check). */
    today?: DateOnly;
  },
): Promise<OpeningPosted> {
  const { companyId } = args;
  // Every ledger write of a family holds its row's lock: all of them at once, in id order, before what
  // is posted already is read (two imports of the same family at once: the second sees the first's).
  const all = [...new Set(args.balances.filter((b) => b.amount !== 0).map((b) => b.familyId))].sort();
  if (all.length === 0) return { posted: 0, matched: 0, owed: 0, credit: 0 };
  if ((await lockFamilyRows(tx, companyId, all)).length !== all.length)
    throw notFound('A family of this import is not one of the studio’s.');
  const toPost = await judged(tx, args);
  const done: OpeningPosted = {
    posted: toPost.length,
    matched: args.balances.filter((b) => b.amount !== 0).length - toPost.length,
    owed: toPost.reduce((s, b) => s + Math.max(0, b.amount), 0),
    credit: toPost.reduce((s, b) => s + Math.max(0, -b.amount), 0),
  };
  if (toPost.length === 0) return done;

  const ids = [...new Set(toPost.map((b) => b.familyId))].sort();
  const withBooks = await familiesWithBooks(tx, companyId, ids);
  const fresh = toPost.filter((b) => !withBooks.has(b.familyId));
  await postFresh(tx, args, fresh);
  // Families with books already (few: matched to a family typed in by hand), one by one, so that their
  // open bill and their credit are used exactly as for any charge.
  for (const b of toPost.filter((x) => withBooks.has(x.familyId))) await postOnBooks(tx, args, b);
  return done;
}

/** The rows to post: refused rows throw (file, row, sentence); zeros and those posted already are left out. */
async function judged(
  tx: Db,
  args: {
    companyId: string;
    source: string;
    sourceName: string;
    balances: OpeningPostRow[];
    today?: DateOnly;
  },
): Promise<ToPost[]> {
  const familyIds = args.balances.map((b) => b.familyId);
  const posted = await postedOpenings(tx, args.companyId, args.source, familyIds);
  const elsewhere = await otherOpenings(tx, args.companyId, args.source, familyIds);
  // Under FOR SHARE: a month closed meanwhile waits for this transaction (decision 050).
  const through = await closedThrough(tx, args.companyId);
  const fates = judgeOpeningBalances(
    args.balances.map((b) => ({ ...b, familyKey: b.familyId })),
    {
      sourceName: args.sourceName,
      today: args.today ?? '9999-12-31',
      closedThrough: through,
      posted,
      elsewhere,
    },
  );
  const toPost: ToPost[] = [];
  fates.forEach((f, i) => {
    const b = args.balances[i]!;
    if (f.fate === 'refused') {
      const message = `${b.file}, row ${b.row}: ${f.sentence}`;
      throw f.code === 'closed' ? conflict(message, 'month_closed') : new AppError('unprocessable', message);
    }
    if (f.fate === 'new')
      toPost.push({
        ...b,
        key: openingBalanceKey(args.source, b.familyId),
        words: openingBalanceWords(args.sourceName, b.asOf),
      });
  });
  return toPost;
}

/** The families among `ids` that have any ledger transaction (one statement). */
async function familiesWithBooks(tx: Db, companyId: string, ids: string[]): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ familyId: ledgerTransactions.familyId })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.companyId, companyId), inArray(ledgerTransactions.familyId, ids)));
  return new Set(rows.map((r) => r.familyId));
}

/** The entries of an opening balance: owed (receivable against opening balances) or a credit. */
function openingEntries(amount: number): Posting[] {
  return amount > 0
    ? [
        { account: ACCOUNTS.receivable, amount },
        { account: ACCOUNTS.openingBalances, amount: -amount },
      ]
    : [
        { account: ACCOUNTS.openingBalances, amount: -amount },
        { account: ACCOUNTS.credit, amount },
      ];
}

const lineOf = (b: ToPost): MoneyLine[] => [{ label: b.words, amount: b.amount }];

/** Rows at a time in one INSERT, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

async function inChunks<T, R>(rows: readonly T[], write: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await write(rows.slice(i, i + CHUNK))));
  return out;
}

/**
 * Families with no books: each gets its first bill (number 1, opened on the balance's day), the ledger
 * transaction, its two entries and its charge row, a statement per table (per 500 families).
 */
async function postFresh(tx: Db, args: { companyId: string; actorUserId: string }, rows: ToPost[]) {
  if (rows.length === 0) return;
  const { companyId } = args;
  const invoices = await inChunks(rows, (chunk) =>
    tx
      .insert(ledgerInvoices)
      .values(chunk.map((b) => ({ companyId, familyId: b.familyId, number: 1, openedOn: b.asOf })))
      .returning({ id: ledgerInvoices.id, familyId: ledgerInvoices.familyId }),
  );
  const invoiceOf = new Map(invoices.map((i) => [i.familyId, i.id]));
  const by = posterName({ userId: args.actorUserId });
  const posted = await inChunks(rows, (chunk) =>
    tx
      .insert(ledgerTransactions)
      .values(
        chunk.map((b) => ({
          companyId,
          familyId: b.familyId,
          invoiceId: invoiceOf.get(b.familyId)!,
          kind: 'charge' as const,
          effectiveDate: b.asOf,
          idempotencyKey: b.key,
          reason: b.words,
          createdBy: args.actorUserId,
          createdByName: by,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey }),
  );
  // Under the families' locks nobody else posts their keys: a key taken is a bug, never input.
  if (posted.length !== rows.length) throw new Error('opening balances: a key was posted meanwhile');
  const idOf = new Map(posted.map((p) => [p.key, p.id]));
  await inChunks(rows, async (chunk) => {
    await tx.insert(ledgerEntries).values(
      chunk.flatMap((b) =>
        openingEntries(b.amount).map((e) => ({
          txId: idOf.get(b.key)!,
          companyId,
          familyId: b.familyId,
          account: e.account,
          amount: e.amount,
        })),
      ),
    );
    return [];
  });
  await inChunks(rows, async (chunk) => {
    await tx.insert(ledgerCharges).values(
      chunk.map((b) => ({
        txId: idOf.get(b.key)!,
        companyId,
        familyId: b.familyId,
        invoiceId: invoiceOf.get(b.familyId)!,
        category: 'opening_balance',
        typeId: 'opening_balance',
        item: b.words,
        amount: b.amount,
        quantity: 1,
        total: b.amount,
        dueDate: b.asOf,
        dueKey: null,
        familyTermId: null,
        revision: null,
        lines: lineOf(b),
      })),
    );
    return [];
  });
}

/** A family with books: the ordinary charge, on its open bill, its credit used (the lock is held). */
async function postOnBooks(tx: Db, args: { companyId: string; actorUserId: string }, b: ToPost) {
  const book = await lockBook(tx, args.companyId, b.familyId);
  if (!book) throw notFound('A family of this import is not one of the studio’s.');
  await postCharge(
    { tx, companyId: args.companyId, familyId: b.familyId, today: b.asOf, by: { userId: args.actorUserId } },
    book,
    {
      category: 'opening_balance',
      item: b.words,
      amount: b.amount,
      dueDate: b.asOf,
      lines: lineOf(b),
      key: b.key,
      reason: b.words,
    },
  );
}
