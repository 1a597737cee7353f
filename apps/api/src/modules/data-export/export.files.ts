import { CSV_BOM, type CsvCell, csvText, formatPhone, LEVELS, WEEKDAYS } from '@pirouette/domain';
import type { LedgerExportLine, PaymentExportRow } from '../ledger';
import type { CardOnFileRow } from '../payments';
import type {
  ClassRow,
  CompetitionRow,
  CostumeRow,
  DancerRow,
  EnrolmentRow,
  FamilyRow,
  PersonRow,
  RecitalShowRow,
  RecitalTicketRow,
} from './export.queries';

/**
 * The CSV files of an export (issue 35 item 6, decision 057), pure: rows in, files out. UTF-8 with a
 * byte-order mark, RFC 4180, a text a spreadsheet would run as a formula defused (books/csv.ts), money
 * as 1234.56, dates YYYY-MM-DD. The studio's export and a parent's use the same builders, the parent's
 * on their own family's rows only.
 */

/** The rows an export is made of; a parent's hold their own family's only. */
export type ExportRows = {
  families: FamilyRow[];
  people: PersonRow[];
  dancers: DancerRow[];
  classes: ClassRow[];
  enrolments: EnrolmentRow[];
  ledger: LedgerExportLine[];
  payments: PaymentExportRow[];
  balances: Map<string, number>;
  cards: CardOnFileRow[];
  costumes: CostumeRow[];
  competitions: CompetitionRow[];
  tickets: RecitalTicketRow[];
};

/** A file of the archive: its name and its text. */
export type ExportFile = { name: string; text: string };

const csv = (name: string, header: string[], rows: CsvCell[][]): ExportFile => ({
  name,
  text: CSV_BOM + csvText([header, ...rows]),
});

const money = (cents: number | null | undefined): CsvCell => (cents == null ? null : { cents });
const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const dayName = (day: number) => WEEKDAYS[day] ?? String(day);
const levelName = (level: number) => LEVELS[level - 1] ?? String(level);

/** Names by id, for the columns that say whose a row is. */
export function namesOf(rows: ExportRows) {
  const family = new Map(rows.families.map((f) => [f.id, f.lastName]));
  const dancer = new Map(rows.dancers.map((d) => [d.id, `${d.firstName} ${d.lastName}`.trim()]));
  const klass = new Map(rows.classes.map((c) => [c.id, c]));
  return {
    family: (id: string) => family.get(id) ?? '',
    dancer: (id: string) => dancer.get(id) ?? '',
    klass: (id: string) => klass.get(id),
  };
}
type Names = ReturnType<typeof namesOf>;

/** The first user of each family: the parent an import invites, and the family's e-mail when it has none. */
export function firstParents(people: readonly PersonRow[]): Map<string, PersonRow> {
  const first = new Map<string, PersonRow>();
  for (const p of people) if (p.kind === 'user' && !first.has(p.familyId)) first.set(p.familyId, p);
  return first;
}

export function familiesFile(name: string, rows: ExportRows): ExportFile {
  const parents = firstParents(rows.people);
  return csv(
    name,
    [
      'Family ID',
      'Family',
      'Parent',
      'E-mail',
      'Phone',
      'Address',
      'Address 2',
      'City',
      'State',
      'Zip',
      'Status',
      'Balance',
      'How they heard of us',
      'Created',
    ],
    rows.families.map((f) => {
      const parent = parents.get(f.id);
      return [
        f.id,
        f.lastName,
        parent ? `${parent.firstName} ${parent.lastName}`.trim() : '',
        f.email || parent?.email || '',
        formatPhone(f.phone),
        f.address,
        f.address2,
        f.city,
        f.state,
        f.zipcode,
        f.termStatus,
        money(rows.balances.get(f.id) ?? 0),
        [f.aboutUsOption ?? '', f.aboutUsNotes].filter(Boolean).join(': '),
        f.createdAt.toISOString().slice(0, 10),
      ];
    }),
  );
}

export function contactsFile(name: string, rows: ExportRows, names: Names): ExportFile {
  return csv(
    name,
    ['Person ID', 'Family ID', 'Family', 'Kind', 'First name', 'Last name', 'E-mail', 'Phone', 'Role'],
    rows.people.map((p) => [
      p.id,
      p.familyId,
      names.family(p.familyId),
      p.kind === 'user' ? 'User (signs in)' : 'Contact',
      p.firstName,
      p.lastName,
      p.email,
      formatPhone(p.phone),
      p.role,
    ]),
  );
}

export function dancersFile(name: string, rows: ExportRows, names: Names): ExportFile {
  return csv(
    name,
    ['Dancer ID', 'Family ID', 'Family', 'First name', 'Last name', 'Date of birth', 'Gender', 'Phone'],
    rows.dancers.map((d) => [
      d.id,
      d.familyId,
      names.family(d.familyId),
      d.firstName,
      d.lastName,
      d.dob,
      d.gender,
      formatPhone(d.phone),
    ]),
  );
}

const classCells = (c: ClassRow): CsvCell[] => [
  c.term,
  c.name,
  dayName(c.day),
  c.timeStart,
  c.timeEnd,
  c.location,
  c.room,
  c.teacher,
  String(c.ageMin),
  String(c.ageMax),
  levelName(c.level),
];

export function classesFile(name: string, rows: ExportRows): ExportFile {
  return csv(
    name,
    [
      'Class ID',
      'Term',
      'Class',
      'Day',
      'Start',
      'End',
      'Location',
      'Room',
      'Teacher',
      'Age from',
      'Age to',
      'Level',
      'Places',
      'Monthly price',
      'Open',
    ],
    rows.classes.map((c) => [c.id, ...classCells(c), String(c.places), money(c.monthly), yesNo(c.open)]),
  );
}

/** A registration's state in words. */
function enrolmentState(e: EnrolmentRow): string {
  if (e.counts) return e.status === 0 ? 'Waiting for approval' : 'Enrolled';
  if (e.status === -1) return 'Declined';
  return e.droppedOn ? 'Dropped' : 'Removed';
}

/** The dancers in classes; for a parent, with each class's day, times, room and teacher. */
export function enrolmentsFile(name: string, rows: ExportRows, names: Names): ExportFile {
  return csv(
    name,
    [
      'Family ID',
      'Family',
      'Dancer ID',
      'Dancer',
      'Class ID',
      'Term',
      'Class',
      'Day',
      'Start',
      'End',
      'Location',
      'Room',
      'Teacher',
      'Age from',
      'Age to',
      'Level',
      'From',
      'To',
      'Dropped on',
      'State',
      'Monthly price',
    ],
    rows.enrolments.map((e) => {
      const c = names.klass(e.classId);
      return [
        e.familyId,
        names.family(e.familyId),
        e.studentId,
        names.dancer(e.studentId),
        e.classId,
        ...(c ? classCells(c) : Array<CsvCell>(11).fill(null)),
        e.from,
        e.to,
        e.droppedOn,
        enrolmentState(e),
        money(e.monthly),
      ];
    }),
  );
}

const KIND_WORDS: Record<LedgerExportLine['kind'], string> = {
  charge: 'Charge',
  payment: 'Payment',
  credit_applied: 'Credit applied',
  cleared: 'Bank debit cleared',
  reversal: 'Correction',
  refund: 'Refund',
  bounce: 'Returned payment',
  dispute: 'Card dispute',
};

export function ledgerFile(name: string, rows: ExportRows, names: Names): ExportFile {
  return csv(
    name,
    ['Date', 'Family ID', 'Family', 'Kind', 'Description', 'Item', 'Due', 'Amount', 'Credit', 'Pays', 'By'],
    rows.ledger.map((l) => [
      l.date,
      l.familyId,
      names.family(l.familyId),
      KIND_WORDS[l.kind],
      l.reason,
      l.item,
      l.dueDate,
      money(l.receivable),
      l.credit === 0 ? null : money(l.credit),
      l.pays,
      l.by,
    ]),
  );
}

const METHOD_WORDS: Record<PaymentExportRow['method'], string> = {
  cash: 'Cash',
  check: 'Check',
  terminal: 'Card at the studio',
  card: 'Card on file',
  credit: 'Credit',
  bank: 'Bank debit',
};

export function paymentsFile(name: string, rows: ExportRows, names: Names): ExportFile {
  return csv(
    name,
    ['Received on', 'Family ID', 'Family', 'Method', 'Reference', 'Amount', 'Description', 'Reversed'],
    rows.payments.map((p) => [
      p.receivedOn,
      p.familyId,
      names.family(p.familyId),
      METHOD_WORDS[p.method],
      p.reference,
      money(p.total),
      p.reason,
      yesNo(p.reversed),
    ]),
  );
}

export function cardsFile(name: string, rows: ExportRows, names: Names): ExportFile {
  return csv(
    name,
    ['Family ID', 'Family', 'Brand', 'Last four', 'Expires', 'Name on card', 'Added by'],
    rows.cards.map((c) => [
      c.familyId,
      names.family(c.familyId),
      c.brand,
      c.last4,
      `${String(c.expMonth).padStart(2, '0')}/${c.expYear}`,
      c.name,
      c.addedBy,
    ]),
  );
}

export function costumesFile(name: string, rows: ExportRows, names: Names): ExportFile {
  return csv(
    name,
    [
      'Family ID',
      'Family',
      'Dancer',
      'Dance number',
      'Costume company',
      'Style',
      'Size',
      'Colour',
      'Price',
      'Deposit',
      'Order',
      'Order state',
      'Ordered on',
      'Removed',
    ],
    rows.costumes.map((c) => [
      c.familyId,
      names.family(c.familyId),
      names.dancer(c.studentId),
      c.danceNumber,
      c.supplier,
      c.style,
      c.size,
      c.color,
      money(c.sellPrice),
      money(c.deposit),
      c.order,
      c.orderStatus,
      c.orderedOn,
      yesNo(c.removed),
    ]),
  );
}

export function competitionsFile(name: string, rows: ExportRows, names: Names): ExportFile {
  return csv(
    name,
    ['Competition', 'Venue', 'From', 'To', 'Entry', 'Dance number', 'Dancer', 'Family ID', 'Family', 'Fee'],
    rows.competitions.map((c) => [
      c.competition,
      c.venue,
      c.dateStart,
      c.dateEnd,
      c.entry,
      c.danceNumber,
      names.dancer(c.studentId),
      c.familyId,
      names.family(c.familyId),
      money(c.price),
    ]),
  );
}

const TICKET_KIND: Record<RecitalTicketRow['kind'], string> = {
  adult: 'Adult',
  child: 'Child',
  comp: 'Comp',
};

/** Each recital ticket sold or refunded: the show, the seat, the price, the order and its buyer, its use. */
export function recitalTicketsFile(name: string, rows: ExportRows, names: Names): ExportFile {
  return csv(
    name,
    [
      'Recital',
      'Show',
      'Day',
      'Curtain',
      'Section',
      'Row',
      'Seat',
      'Ticket',
      'Price',
      'State',
      'Order',
      'Buyer',
      'E-mail',
      'Family ID',
      'Family',
      'Paid at',
      'Used at',
      'Door',
    ],
    rows.tickets.map((t) => [
      t.recital,
      t.show,
      t.day,
      t.startsAt,
      t.section,
      t.row,
      String(t.seat),
      TICKET_KIND[t.kind],
      money(t.price),
      t.state,
      String(t.order),
      t.buyer,
      t.email,
      t.familyId,
      t.familyId ? names.family(t.familyId) : '',
      t.paidAt,
      t.usedAt,
      t.door,
    ]),
  );
}

/** Each recital's shows with their running orders (the studio's export only). */
export function recitalShowsFile(name: string, shows: readonly RecitalShowRow[]): ExportFile {
  return csv(
    name,
    ['Recital', 'Venue', 'Show', 'Day', 'Curtain', 'Doors', 'Place', 'Dance number', 'Class'],
    shows.map((s) => [
      s.recital,
      s.venue,
      s.show,
      s.day,
      s.startsAt,
      s.doorsAt,
      String(s.place + 1),
      s.danceNumber,
      s.className,
    ]),
  );
}
