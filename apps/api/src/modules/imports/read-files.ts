import {
  ARCHIVE_FILE,
  archiveToImportRecords,
  crossCheck,
  emptyImportRecords,
  guessImportKind,
  headerRowIndex,
  IMPORT_KINDS,
  type ImportCheckInput,
  type ImportFileSummary,
  type ImportKind,
  type ImportRecords,
  parseCsv,
  type RecordPlace,
  type RowRefusal,
  readImportFile,
  type SkippedRow,
} from '@pirouette/domain';
import { strFromU8 } from 'fflate';
import { csvTextOf, tableOfFile, unzipWithin } from '../../lib/spreadsheet';

type Upload = ImportCheckInput['files'][number];

/** What reading the files gives the check. */
export type ReadFiles = {
  summaries: ImportFileSummary[];
  records: ImportRecords;
  refusals: RowRefusal[];
  skipped: SkippedRow[];
  /** Mappings the owner sent, by kind, to keep for the source. */
  keep: { kind: ImportKind; mapping: Record<string, string> }[];
};

/**
 * A file's table, header row first, or the sentence saying why it has none: CSV or XLSX, by
 * lib/spreadsheet's `tableOfFile` (decision 055); text sent as text is CSV.
 */
async function tableOf(file: Upload): Promise<string[][] | string> {
  if (file.encoding === 'text') return parseCsv(csvTextOf(Buffer.from(file.content, 'utf8')));
  const read = await tableOfFile({ name: file.name, bytes: Buffer.from(file.content, 'base64') });
  return 'table' in read ? read.table : read.problem;
}

/**
 * A Pirouette archive (decision 057): `pirouette.json`, or a ZIP holding it, when the source is
 * 'pirouette'; null when the file is not one (it is then read as a table). A ZIP is unpacked by
 * lib/spreadsheet's `unzipWithin`, in chunks with a count of the bytes inflated: only its first
 * pirouette.json is inflated, and one with more than ARCHIVE_ENTRIES_MAX entries, two entries of one
 * name, or more than ARCHIVE_MAX bytes inflated is refused with a sentence (a zip bomb is a few
 * kilobytes whose entries all point at one stream that inflates to gigabytes).
 */
function archiveOf(file: Upload, source: string): unknown | string | null {
  if (source !== 'pirouette') return null;
  const bytes = () => Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8');
  const unreadable = `The file ${file.name} could not be read as a Pirouette archive.`;
  try {
    if (/\.json$/i.test(file.name)) return JSON.parse(bytes().toString('utf8')) as unknown;
    if (!/\.zip$/i.test(file.name)) return null;
    const zip = unzipWithin(bytes(), {
      inflatedMax: ARCHIVE_MAX,
      entriesMax: ARCHIVE_ENTRIES_MAX,
      distinctNames: true,
      inflate: (name) => name === ARCHIVE_FILE,
      keep: true,
    });
    if ('problem' in zip) {
      switch (zip.problem) {
        case 'entries':
          return `The archive ${file.name} holds more than ${ARCHIVE_ENTRIES_MAX} files; a Pirouette export holds a dozen. Upload the ZIP Pirouette exported, or its ${ARCHIVE_FILE} alone.`;
        case 'names':
          return `The archive ${file.name} holds two files of the same name; upload the ZIP Pirouette exported, or its ${ARCHIVE_FILE} alone.`;
        case 'inflated':
          return `The archive ${file.name} would unpack to more than ${ARCHIVE_MAX / 1024 / 1024} MB, more than a Pirouette export holds; upload the ZIP Pirouette exported, or its ${ARCHIVE_FILE} alone.`;
        default:
          return unreadable;
      }
    }
    const json = zip.files.get(ARCHIVE_FILE);
    if (!json) return `The archive ${file.name} holds no ${ARCHIVE_FILE}.`;
    return JSON.parse(strFromU8(json)) as unknown;
  } catch {
    return unreadable;
  }
}

/** The largest a ZIP's files may inflate to (a studio of thousands of families is a few MB). */
const ARCHIVE_MAX = 64 * 1024 * 1024;
/** The most entries a ZIP may hold (Pirouette's export holds a dozen). */
const ARCHIVE_ENTRIES_MAX = 50;

const emptySummary = (file: Upload, problem: string): ImportFileSummary => ({
  name: file.name,
  kind: file.kind ?? null,
  rows: 0,
  headers: [],
  mapping: {},
  missing: [],
  problem,
});

/**
 * Reads the uploaded files into records (decision 054, the reading itself decision 055): each file's
 * table, its kind (given or guessed), its columns mapped (the owner's mapping, then the source's kept
 * one, then its preset), its rows read; then the checks across the files, whose refused rows leave the
 * records.
 */
export async function readUploads(
  files: Upload[],
  source: { key: string; name: string },
  kept: { kind: string; mapping: Record<string, string> }[],
  today: string,
): Promise<ReadFiles> {
  const keptOf = new Map(kept.map((k) => [k.kind, k.mapping]));
  const out: ReadFiles = {
    summaries: [],
    records: emptyImportRecords(),
    refusals: [],
    skipped: [],
    keep: [],
  };
  for (const file of files) {
    const archive = archiveOf(file, source.key);
    if (archive !== null) {
      readArchive(out, file, archive, today);
      continue;
    }
    const table = await tableOf(file);
    if (typeof table === 'string') {
      out.summaries.push(emptySummary(file, table));
      continue;
    }
    const headers = (table[headerRowIndex(table)] ?? []).map((h) => h.trim());
    const kind = file.kind ?? guessImportKind(headers, source.key) ?? undefined;
    const read = readImportFile({
      name: file.name,
      table,
      source: source.key,
      ...(kind ? { kind } : {}),
      ...(file.mapping ? { mapping: file.mapping } : {}),
      ...(kind && keptOf.has(kind) ? { kept: keptOf.get(kind) } : {}),
      today,
    });
    out.summaries.push(read.summary);
    out.refusals.push(...read.refusals);
    out.skipped.push(...read.skipped);
    for (const k of IMPORT_KINDS) {
      const got = read.records[k] as RecordPlace[] | undefined;
      if (got) (out.records[k] as RecordPlace[]).push(...got);
    }
    if (file.mapping && read.summary.kind) out.keep.push({ kind: read.summary.kind, mapping: file.mapping });
  }
  dropCrossRefused(out);
  return out;
}

/** An archive's records, as the file's: its summary counts them, its refusals are its rows'. */
function readArchive(out: ReadFiles, file: Upload, archive: unknown, today: string): void {
  const read = typeof archive === 'string' ? { problem: archive } : archiveToImportRecords(archive, today);
  if ('problem' in read) {
    out.summaries.push(emptySummary(file, read.problem));
    return;
  }
  const rows = IMPORT_KINDS.reduce((n, k) => n + read.records[k].length, 0) + read.refusals.length;
  out.summaries.push({ ...emptySummary(file, ''), problem: null, rows });
  for (const k of IMPORT_KINDS) (out.records[k] as RecordPlace[]).push(...(read.records[k] as RecordPlace[]));
  out.refusals.push(...read.refusals);
}

/** The checks across the files: the rows they refuse leave the records. */
function dropCrossRefused(out: ReadFiles): void {
  const across = crossCheck(out.records).refusals;
  if (across.length > 0) {
    const refused = new Set(across.map((r) => `${r.file}\u0000${r.row}`));
    for (const k of IMPORT_KINDS) {
      const list = out.records[k] as RecordPlace[];
      (out.records[k] as RecordPlace[]) = list.filter((r) => !refused.has(`${r.file}\u0000${r.row}`));
    }
    out.refusals.push(...across);
  }
}
