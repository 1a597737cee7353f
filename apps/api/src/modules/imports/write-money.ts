import type { Db } from '../../db/client';
import { checkImportedEnrolments, importEnrolments } from '../class-registration';
import { checkOpeningBalances, postOpeningBalances } from '../ledger';

/**
 * The money side of moving in (issue 35 item 4, decision 056): the import's enrolments and opening
 * balances, checked for the dry run and written inside the import's one transaction. The import module
 * calls these four; they call the class-registration and ledger modules through their doors.
 *
 *   checkEnrolments(db, { companyId, termId, pairs })           → one MoneyRowCheck per pair, in order
 *   writeEnrolments(tx, { companyId, actorUserId, asOf, pairs }) → EnrolmentsWritten (throws AppError: nothing written)
 *   checkBalances(db, { companyId, source, sourceName, today, balances }) → one MoneyRowCheck per balance, in order
 *   writeBalances(tx, { companyId, actorUserId, source, sourceName, balances }) → BalancesWritten (throws AppError)
 *
 * Ids are the studio's (a family, dancer or class written earlier in the same transaction is fine for
 * the writes). In the dry run a dancer or class new in this import has no id yet: give null and its
 * import key (`dancerKey`, `classKey`), and for a new class its name and places.
 *
 * Rules (decision 056):
 * - an enrolment is registered approved and active from `asOf`, with no registration fee, no mail,
 *   no waitlist; each family's plan for the class's term gets one revision effective and written on
 *   `asOf`; the payment period in progress on `asOf` was billed by the old system and is worth $0 here;
 * - a class over its places is accepted (the old system's enrolments are who dances), the dry run says so;
 * - a dancer already in the class is 'matched' (nothing written); one dropped here is 'skipped';
 * - an opening balance is one ledger entry "Opening balance from <source name> on <MM/DD/YYYY>", owed
 *   (amount > 0) or credit (amount < 0); 0 writes nothing; keyed by source and family, so importing
 *   again changes nothing, and a different amount for the same family and source is refused;
 * - an opening balance dated in a closed month, or after today, is refused.
 */

/** A row's fate as the money side sees it: 'new' (will be written), 'matched' (there already), 'skipped', 'refused'. */
export type MoneyRowCheck = {
  file: string;
  row: number;
  fate: 'new' | 'matched' | 'skipped' | 'refused';
  /** Why (refused, skipped), or what it does ('' when nothing to say). */
  sentence: string;
};

export type EnrolmentCheckPair = {
  file: string;
  row: number;
  /** The dancer's id when the dancer exists in the studio, null when new in this import. */
  studentId: string | null;
  /** The import's own key of the dancer (its ref), to tell the same new dancer twice. */
  dancerKey: string;
  /** The class's id when the class exists in the studio, null when new in this import. */
  classId: string | null;
  /** The import's own key of the class (ref, or name|day|time): counts the import's enrolments in it. */
  classKey: string;
  /** For a new class: its name and places (ignored for an existing class, read from the studio). */
  className?: string;
  places?: number;
};

export async function checkEnrolments(
  db: Db,
  args: { companyId: string; termId: string; pairs: EnrolmentCheckPair[] },
): Promise<MoneyRowCheck[]> {
  return checkImportedEnrolments(db, args);
}

export type EnrolmentWritePair = {
  familyId: string;
  studentId: string;
  classId: string;
  file: string;
  row: number;
};

export type EnrolmentsWritten = {
  /** Registrations written. */
  registered: number;
  /** Pairs already registered (nothing written). */
  matched: number;
  /** Families whose plan got a revision. */
  revised: number;
};

export async function writeEnrolments(
  tx: Db,
  args: { companyId: string; actorUserId: string; asOf: string; pairs: EnrolmentWritePair[] },
): Promise<EnrolmentsWritten> {
  return importEnrolments(tx, args);
}

export type BalanceCheckRow = {
  file: string;
  row: number;
  /** The family's id when it exists in the studio, null when new in this import. */
  familyId: string | null;
  /** For a new family: the import's own key for it (its ref), to find a second balance of the same family. */
  familyKey?: string;
  /** Cents: > 0 owed by the family, < 0 a credit. */
  amount: number;
  /** YYYY-MM-DD: the day of the balance in the old system. */
  asOf: string;
};

export async function checkBalances(
  db: Db,
  args: {
    companyId: string;
    source: string;
    sourceName: string;
    /** The studio's today (a balance dated later is refused). */
    today: string;
    balances: BalanceCheckRow[];
  },
): Promise<MoneyRowCheck[]> {
  return checkOpeningBalances(db, args);
}

export type BalanceWriteRow = {
  familyId: string;
  amount: number;
  asOf: string;
  file: string;
  row: number;
};

export type BalancesWritten = {
  /** Entries posted now. */
  posted: number;
  /** Balances posted by an earlier import, the same (nothing written). */
  matched: number;
  /** Cents posted: owed, credit (a positive number), and the net (owed − credit). */
  owed: number;
  credit: number;
};

export async function writeBalances(
  tx: Db,
  args: {
    companyId: string;
    actorUserId: string;
    /** The source's key ('jackrabbit', 'iclasspro', or the owner's name for it): the entries' key. */
    source: string;
    /** Its name in the entries' words ("Jackrabbit"). */
    sourceName: string;
    balances: BalanceWriteRow[];
    /** The studio's today: a balance dated later is refused (the dry run checked it already). */
    today?: string;
  },
): Promise<BalancesWritten> {
  return postOpeningBalances(tx, args);
}
