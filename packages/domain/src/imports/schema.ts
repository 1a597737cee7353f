import { z } from 'zod';
import { idSchema } from '../ids';
import { IMPORT_KINDS } from './records';

/**
 * The import's requests and answers (issue 35, decision 054). The owner sends the files of one move
 * (families, contacts, dancers, classes, enrolments, balances: any of them, one or several files); the
 * server parses them, maps their columns, checks every row against the files and the studio, and keeps
 * the result as an import batch, the dry run, which writes nothing. The owner reviews it, fixes a file
 * or the mapping and checks again, and only then runs it: one transaction.
 */

export const importKind = z.enum(IMPORT_KINDS);

/** The largest import request: a file of a few thousand families is about 1 MB; a hostile 10 MB cell must still be read to be refused. */
export const IMPORT_BODY_LIMIT = 40 * 1024 * 1024;

/** One uploaded file. */
export const importFileInput = z.object({
  /** Its name as the owner's computer had it ("families.csv"); refusals name it. */
  name: z.string().trim().min(1).max(200),
  /** The file's text (CSV, JSON) or, with `encoding: 'base64'`, its bytes (XLSX, ZIP). */
  content: z.string(),
  encoding: z.enum(['text', 'base64']).default('text'),
  /** What the file holds; guessed from its columns when not given. */
  kind: importKind.optional(),
  /**
   * The owner's mapping, the file's column header → the field it fills (a key of IMPORT_FIELDS[kind]);
   * '' leaves the column out. Headers it does not name are mapped by the source's kept mapping, then its
   * preset, then by name. It is kept for the source's next file.
   */
  mapping: z.record(z.string(), z.string()).optional(),
});
export type ImportFileInput = z.input<typeof importFileInput>;

export const importCheckInput = z.object({
  /**
   * Where the files come from: a preset's key ('jackrabbit', 'iclasspro', 'pirouette') or the owner's
   * own name for it ("Akada", "Our spreadsheet"). Imported records remember it; the opening balances
   * are "from" it.
   */
  source: z.string().trim().min(1).max(60),
  files: z.array(importFileInput).min(1).max(12),
});
export type ImportCheckInput = z.input<typeof importCheckInput>;

/** What becomes of a row. */
export const ROW_FATES = ['new', 'matched', 'skipped', 'refused'] as const;
export const rowFate = z.enum(ROW_FATES);
export type RowFate = z.infer<typeof rowFate>;

/** One file as the check read it. */
export const importFileSummary = z.object({
  name: z.string(),
  kind: importKind.nullable(),
  /** Record rows (the header not counted). */
  rows: z.number().int(),
  headers: z.array(z.string()),
  /** Header → field key ('' left out), as the check applied it. */
  mapping: z.record(z.string(), z.string()),
  /** Required fields no column fills: the file cannot be imported until they are mapped. */
  missing: z.array(z.string()),
  /** A sentence when the whole file is refused (unreadable, no header, a required column missing). */
  problem: z.string().nullable(),
  /**
   * Header → a value of its column, for the mapping screen: the first non-empty cell of the first rows,
   * at most 40 characters. Absent in batches checked before it was added.
   */
  samples: z.record(z.string(), z.string()).optional(),
});
export type ImportFileSummary = z.infer<typeof importFileSummary>;

export const fateCounts = z.object({
  new: z.number().int(),
  matched: z.number().int(),
  /** Of the matched: those whose import changes something (the rest change nothing). */
  changed: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
});
export type FateCounts = z.infer<typeof fateCounts>;

export const IMPORT_STATUSES = ['checked', 'importing', 'imported', 'failed', 'replaced'] as const;

/** An import batch: the dry run, and after the run what it wrote. */
export const importBatch = z.object({
  id: idSchema,
  /** The source as given, and its name to show ("Jackrabbit"). */
  source: z.string(),
  sourceName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** The day balances are booked and enrolments start on (the studio's day of the check). */
  asOf: z.string(),
  createdAt: z.string(),
  importedAt: z.string().nullable(),
  files: z.array(importFileSummary),
  totals: z.record(importKind, fateCounts),
  /** What the opening balances add up to, cents: owed by families, credits, and the net. */
  balances: z.object({
    families: z.number().int(),
    owed: z.number().int(),
    credit: z.number().int(),
    net: z.number().int(),
  }),
  /** Nothing refused at file level and at least one row to write. */
  ready: z.boolean(),
  /** While it runs: rows written of all. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** When it failed: the sentence (which row, why; nothing was written). */
  failure: z.string().nullable(),
});
export type ImportBatch = z.infer<typeof importBatch>;

/** One row's fate in the dry run. */
export const importRow = z.object({
  file: z.string(),
  row: z.number().int(),
  kind: importKind,
  fate: rowFate,
  /** What the row is, in words: "Smith family", "Emma Smith (Smith)", "Jazz 1, Monday 4:00 PM". */
  label: z.string(),
  /** Why (refused, skipped), how it matched ("Matched by e-mail", "Matched by Jackrabbit id 1042"), or what changes. */
  sentence: z.string(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importRowsQuery = z.object({
  fate: rowFate.optional(),
  kind: importKind.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});

export const importRowPage = z.object({
  rows: z.array(importRow),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

export const importList = z.array(
  importBatch.pick({
    id: true,
    sourceName: true,
    status: true,
    createdAt: true,
    importedAt: true,
    totals: true,
  }),
);

/** A field an import fills, for the mapping screen. */
export const importField = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  /** What the field accepts, in words ("MM/DD/YYYY or YYYY-MM-DD"). */
  hint: z.string(),
});

export const importSetup = z.object({
  fields: z.record(importKind, z.array(importField)),
  /** The presets (old systems whose export files Pirouette knows), and 'pirouette' (an export of ours). */
  presets: z.array(z.object({ key: z.string(), name: z.string(), help: z.string() })),
  /** Mappings the studio kept, by source and kind: header → field. */
  kept: z.array(
    z.object({ source: z.string(), kind: importKind, mapping: z.record(z.string(), z.string()) }),
  ),
});

export const importRunResult = z.object({ msg: z.string(), batch: importBatch });

/** A parent an import brought, to be invited to sign in. */
export const importedParent = z.object({
  /** The family person's id. */
  id: idSchema,
  familyId: idSchema,
  family: z.string(),
  name: z.string(),
  email: z.string(),
  /** When the invitation was sent; null while not. */
  invitedAt: z.string().nullable(),
  /** The parent has set a password since. */
  joined: z.boolean(),
});

export const importedParentsQuery = z.object({
  invited: z.enum(['0', '1']).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});

export const importedParentPage = z.object({
  parents: z.array(importedParent),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** Not yet invited, all pages. */
  waiting: z.number().int(),
});

export const sendInvitationsInput = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ ids: z.array(idSchema).min(1).max(500) }),
]);

export const sendInvitationsResult = z.object({ msg: z.string(), sent: z.number().int() });

/** An archive file (ZIP): not JSON. */
export const archiveFile = z.string();
