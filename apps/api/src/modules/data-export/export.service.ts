import { type Actor, ARCHIVE_FILE, can, messages } from '@pirouette/domain';
import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import type { ZipAnswer } from '../../http/file-route';
import { findCurrentYearTerm } from '../../kernel/current-term';
import { ownFamily } from '../../kernel/family-scope';
import type { Clock } from '../../lib/clock';
import { ledgerExportLines, netBalances, paymentExportRows, studioToday, wholeStatementCsv } from '../ledger';
import { cardsOnFile } from '../payments';
import { studioArchive } from './export.archive';
import {
  cardsFile,
  classesFile,
  competitionsFile,
  contactsFile,
  costumesFile,
  dancersFile,
  type ExportFile,
  type ExportRows,
  enrolmentsFile,
  familiesFile,
  ledgerFile,
  namesOf,
  paymentsFile,
  recitalShowsFile,
  recitalTicketsFile,
} from './export.files';
import {
  classPriceRows,
  classRows,
  competitionRows,
  costumeRows,
  dancerRows,
  enrolmentRows,
  familyRows,
  locationRows,
  personRows,
  recitalShowRows,
  recitalTicketRows,
  roomRows,
  type Scope,
  studioRow,
  teacherRows,
} from './export.queries';
import { FAMILY_README, STUDIO_README } from './readme';

/**
 * Moving out (issue 35 item 6, decision 057): the studio's whole data as one ZIP, and a parent's own
 * family's. Every read is one statement scoped by the session's studio (and family), whatever the number
 * of families; nothing is written. Card numbers are never here to leave: the processor holds them.
 */

type ExportDeps = { db: Db; clock: Clock; actor: Actor };

/**
 * The reads of one export in one read-only snapshot: the balances, the ledger's lines and the families
 * agree with each other even while a payment is being booked (what it writes is in all of them or none).
 */
const snapshot = <T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((tx) => read(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });

/**
 * The rows of the studio, or of one family, read in turn inside the export's snapshot (its one connection
 * answers one statement at a time, decision 118).
 */
async function readRows(tx: Db, scope: Scope): Promise<ExportRows> {
  return {
    families: await familyRows(tx, scope),
    people: await personRows(tx, scope),
    dancers: await dancerRows(tx, scope),
    classes: await classRows(tx, scope.companyId),
    enrolments: await enrolmentRows(tx, scope),
    ledger: await ledgerExportLines(tx, scope),
    payments: await paymentExportRows(tx, scope),
    balances: await netBalances(tx, scope.companyId, scope.familyId),
    cards: await cardsOnFile(tx, scope),
    costumes: await costumeRows(tx, scope),
    competitions: await competitionRows(tx, scope),
    tickets: await recitalTicketRows(tx, scope),
  };
}

/** The files into one ZIP, in the order given. */
function zipOf(files: readonly ExportFile[]): Uint8Array {
  return zipSync(Object.fromEntries(files.map((f) => [f.name, strToU8(f.text)])), { level: 6 });
}

/** GET /api/mystudio/export: every table a person can open, and pirouette.json. Owner only. */
export async function studioExport(deps: ExportDeps): Promise<ZipAnswer> {
  const { db, clock, actor } = deps;
  if (!can(actor, 'studio:manage')) throw forbidden();
  const companyId = actor.companyId;
  const studio = await studioRow(db, companyId);
  if (!studio) throw new AppError('not_found', messages.studioNotFound);
  const { term, locations, rooms, teachers, rows, today, prices, shows } = await snapshot(db, async (tx) => {
    const current = await findCurrentYearTerm(tx, companyId);
    return {
      term: current,
      locations: await locationRows(tx, companyId),
      rooms: await roomRows(tx, companyId),
      teachers: await teacherRows(tx, companyId),
      rows: await readRows(tx, { companyId }),
      today: await studioToday(tx, companyId, clock),
      prices: current ? await classPriceRows(tx, companyId, current.id) : [],
      shows: await recitalShowRows(tx, companyId),
    };
  });
  const archive = studioArchive({
    studio,
    term,
    prices,
    locations,
    rooms,
    teachers,
    rows,
    asOf: today,
    exportedAt: clock.now().toISOString(),
  });
  const names = namesOf(rows);
  const files: ExportFile[] = [
    { name: 'README.txt', text: STUDIO_README(studio.name, today) },
    familiesFile('families.csv', rows),
    contactsFile('contacts.csv', rows, names),
    dancersFile('dancers.csv', rows, names),
    classesFile('classes.csv', rows),
    enrolmentsFile('enrolments.csv', rows, names),
    ledgerFile('ledger.csv', rows, names),
    paymentsFile('payments.csv', rows, names),
    costumesFile('costumes.csv', rows, names),
    competitionsFile('competitions.csv', rows, names),
    recitalShowsFile('recital-shows.csv', shows),
    recitalTicketsFile('recital-tickets.csv', rows, names),
    cardsFile('cards.csv', rows, names),
    { name: ARCHIVE_FILE, text: JSON.stringify(archive, null, 1) },
  ];
  return { filename: `${studio.name}-export-${today}`, bytes: zipOf(files) };
}

/** GET /api/parents/export: the parent's own family, its classes and its whole statement. */
export async function familyExport(deps: ExportDeps): Promise<ZipAnswer> {
  const { db, clock, actor } = deps;
  const familyId = ownFamily(actor);
  const scope = { companyId: actor.companyId, familyId };
  const { studio, rows, today, statement } = await snapshot(db, async (tx) => {
    const day = await studioToday(tx, actor.companyId, clock);
    return {
      studio: await studioRow(tx, actor.companyId),
      rows: await readRows(tx, scope),
      today: day,
      statement: await wholeStatementCsv({ db: tx, actor }, familyId, day),
    };
  });
  const family = rows.families[0];
  if (!studio || !family) throw new AppError('not_found', messages.accountNotFound);
  const names = namesOf(rows);
  const files: ExportFile[] = [
    { name: 'README.txt', text: FAMILY_README(studio.name, today) },
    familiesFile('family.csv', rows),
    contactsFile('people.csv', rows, names),
    dancersFile('dancers.csv', rows, names),
    enrolmentsFile('classes.csv', rows, names),
    { name: 'statement.csv', text: statement },
    paymentsFile('payments.csv', rows, names),
    costumesFile('costumes.csv', rows, names),
    competitionsFile('competitions.csv', rows, names),
    recitalTicketsFile('recital-tickets.csv', rows, names),
    cardsFile('cards.csv', rows, names),
  ];
  return { filename: `${studio.name}-${family.lastName}-data-${today}`, bytes: zipOf(files) };
}
