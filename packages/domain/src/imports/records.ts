/**
 * Moving a studio in (issue 35, decision 054): what an import reads, once its files are parsed and
 * their columns mapped. Every import turns its files, whatever the old system (Jackrabbit, iClassPro,
 * a spreadsheet, a Pirouette archive), into these records; the dry run and the write read nothing
 * else. Money is integer cents, dates `YYYY-MM-DD`, times `HH:MM`, phones 10 digits.
 *
 * `row` is the row's number as the owner sees it in the file (the header is row 1, the first record
 * row 2), `file` the file's name: every refusal names both.
 *
 * `ref` is the record's id in the old system (Jackrabbit's "Family ID", iClassPro's "Student ID"), ''
 * when the file has none. An imported record keeps its source and ref (`import_links`), so the same
 * file imported again matches what the first import wrote instead of writing it twice. A record
 * without a ref is matched by what identifies it naturally (a family by its e-mail, a dancer by family,
 * name and birth date, a class by name, day and start time).
 */

/** The kinds of file an import reads, in the order an import writes them. */
export const IMPORT_KINDS = ['families', 'contacts', 'dancers', 'classes', 'enrolments', 'balances'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Where a record sits in its file. */
export type RecordPlace = { file: string; row: number };

/** A family (an account): its name on lists, its address and phones, and its first parent. */
export type FamilyRecord = RecordPlace & {
  ref: string;
  /** The family's name on lists: its last name ("Smith"). */
  lastName: string;
  /** The first parent, who will be invited to sign in; '' when the file names none. */
  parentFirstName: string;
  parentLastName: string;
  /** Lower case; '' when none. A family is matched by it when it has no ref. */
  email: string;
  /** 10 digits or ''. */
  phone: string;
  /** A second phone (work, cell), 10 digits or ''. */
  phone2: string;
  address: string;
  address2: string;
  city: string;
  /** Two letters, upper case, or ''. */
  state: string;
  zipcode: string;
};

/**
 * A grown-up of a family: a parent (`kind: 'user'`, who signs in once invited; needs an e-mail) or a
 * contact (`kind: 'contact'`, called, never signs in: an emergency contact, a grandparent).
 */
export type ContactRecord = RecordPlace & {
  ref: string;
  /** The family's ref, or when the files have no refs, its e-mail. */
  familyRef: string;
  kind: 'user' | 'contact';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** One of CONTACT_ROLES when kind is 'contact' ("Emergency", "Grandparent"…); 'Parent' for a user. */
  role: string;
};

/** A dancer (a student) of a family. */
export type DancerRecord = RecordPlace & {
  ref: string;
  familyRef: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, in the past. */
  dob: string;
  /** 'F' or 'M' (001 §3 "Student"). */
  gender: 'F' | 'M';
};

/** A weekly class of the term the import fills. Room and teacher are found by name, or made. */
export type ClassRecord = RecordPlace & {
  ref: string;
  name: string;
  /** 0 Monday … 6 Sunday (002 §3 "Class"). */
  day: number;
  /** HH:MM, 24-hour. */
  timeStart: string;
  timeEnd: string;
  room: string;
  /** The teacher's name as the file gives it ("Ann Lee"); '' when none. */
  teacher: string;
  ageMin: number;
  ageMax: number;
  /** 1–7 (LEVEL_OPTIONS); 1 when the file says nothing. */
  level: number;
  /** The most dancers the class takes. */
  places: number;
  /** The class's monthly price, cents; null when the file has none (the term's price for its length). */
  monthly: number | null;
};

/** A dancer in a class. */
export type EnrolmentRecord = RecordPlace & {
  /** The dancer's ref; when the files have no refs, "<family ref>|<first name>|<last name>". */
  dancerRef: string;
  /** The class's ref; when the files have none, "<name>|<day>|<HH:MM>". */
  classRef: string;
};

/**
 * What a family owes (positive) or is owed (negative) in the old system, on a day: booked as one
 * ledger entry "Opening balance from <source> on <date>".
 */
export type BalanceRecord = RecordPlace & {
  familyRef: string;
  /** Cents; > 0 owed by the family, < 0 a credit; 0 writes nothing. */
  amount: number;
  /** YYYY-MM-DD, not after the import's day. */
  asOf: string;
};

/** Everything an import read from its files. */
export type ImportRecords = {
  families: FamilyRecord[];
  contacts: ContactRecord[];
  dancers: DancerRecord[];
  classes: ClassRecord[];
  enrolments: EnrolmentRecord[];
  balances: BalanceRecord[];
};

export const emptyImportRecords = (): ImportRecords => ({
  families: [],
  contacts: [],
  dancers: [],
  classes: [],
  enrolments: [],
  balances: [],
});

/** A row the import will not write, and why, in the product's words. */
export type RowRefusal = RecordPlace & { kind: ImportKind; sentence: string };
