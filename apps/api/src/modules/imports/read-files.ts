import {
  crossCheck,
  emptyImportRecords,
  guessImportKind,
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

const unreadable = (name: string) => `The file ${name} could not be read: send it as CSV (or XLSX).`;

/**
 * A file's table, header row first, or the sentence saying why it has none: CSV as text, or its bytes
 * (base64). TODO(wt/parse): XLSX through `tableOfFile` (lib/spreadsheet.ts) once merged.
 * TODO(wt/export): a Pirouette archive (`*.json`, or a `.zip` holding `pirouette.json`, source
 * 'pirouette') read by `archiveToImportRecords` instead, once merged.
 */
function tableOf(file: Upload): string[][] | string {
  if (file.encoding === 'text') return parseCsv(file.content);
  const bytes = Buffer.from(file.content, 'base64');
  if (/\.(csv|txt|tsv)$/i.test(file.name)) return parseCsv(bytes.toString('utf8'));
  return unreadable(file.name);
}

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
export function readUploads(
  files: Upload[],
  source: { key: string; name: string },
  kept: { kind: string; mapping: Record<string, string> }[],
  today: string,
): ReadFiles {
  const keptOf = new Map(kept.map((k) => [k.kind, k.mapping]));
  const out: ReadFiles = {
    summaries: [],
    records: emptyImportRecords(),
    refusals: [],
    skipped: [],
    keep: [],
  };
  for (const file of files) {
    const table = tableOf(file);
    if (typeof table === 'string') {
      out.summaries.push(emptySummary(file, table));
      continue;
    }
    const headers = (table[0] ?? []).map((h) => h.trim());
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
  const across = crossCheck(out.records).refusals;
  if (across.length > 0) {
    const refused = new Set(across.map((r) => `${r.file}\u0000${r.row}`));
    for (const k of IMPORT_KINDS) {
      const list = out.records[k] as RecordPlace[];
      (out.records[k] as RecordPlace[]) = list.filter((r) => !refused.has(`${r.file}\u0000${r.row}`));
    }
    out.refusals.push(...across);
  }
  return out;
}
