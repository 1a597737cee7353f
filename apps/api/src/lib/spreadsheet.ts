import { parseCsv } from '@pirouette/domain';
import { Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';

/**
 * The table of a file a studio brings to import (issue 35, decision 055): a CSV (UTF-8, else
 * UTF-16 with its mark, else Windows-1252, as Excel on Windows saves it) or an XLSX workbook's first
 * sheet, read by read-excel-file, its dates as YYYY-MM-DD and its numbers as written. Whatever the
 * bytes, the answer is a table or a sentence, never a throw. An XLSX is a zip: before it is read,
 * its parts are inflated once by `unzipWithin` with a count of the bytes they make, and one that would
 * make more than XLSX_INFLATED_MAX is refused (a zip bomb is a few kilobytes that inflate to gigabytes).
 */

/** The most an XLSX may inflate to: 10,000 rows of 30 columns are a few megabytes. */
export const XLSX_INFLATED_MAX = 60 * 1024 * 1024;
/** The most parts an XLSX may have (a sheet, its strings, styles, relations: a dozen). */
const XLSX_PARTS_MAX = 1000;
/** Compressed bytes pushed at once: one push inflates to at most about a thousand times as much. */
const PUSH_BYTES = 16 * 1024;

export type FileTable = { table: string[][] } | { problem: string };

type Kind = 'csv' | 'xlsx' | 'xls' | 'unknown';

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

function kindOf(name: string, bytes: Uint8Array): Kind {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return 'xls';
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (['csv', 'txt', 'tsv', 'tab'].includes(ext)) return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'xls') return 'xls';
  return 'unknown';
}

/** The text of a CSV's bytes: UTF-8 when they are valid UTF-8, UTF-16 by its mark, else Windows-1252. */
export function csvTextOf(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Why a zip was not unpacked: too many entries, two of one name, too many bytes, or damaged. */
export type ZipProblem = 'entries' | 'names' | 'inflated' | 'damaged';

/** The entry count a zip's end record claims (its central directory's), or null when it has none. */
function claimedEntries(bytes: Uint8Array): number | null {
  for (let i = bytes.length - 22; i >= 0 && i >= bytes.length - 22 - 0xffff; i--) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06) {
      return (bytes[i + 10] ?? 0) | ((bytes[i + 11] ?? 0) << 8);
    }
  }
  return null;
}

/**
 * A zip unpacked within bounds, never a throw: its bytes are pushed to fflate's streaming Unzip
 * PUSH_BYTES at a time with a running total of the bytes inflated, and it is refused when it has more
 * than `entriesMax` entries (as its end record claims them or as they are met), two entries of one name
 * (with `distinctNames`), or would inflate to more than `inflatedMax` bytes. `inflate` says which
 * entries are inflated (all by default; the others are passed over, not inflated); with `keep`, the
 * first entry of each inflated name is kept whole in `files` (every one is inflated and counted).
 */
export function unzipWithin(
  bytes: Uint8Array,
  bounds: {
    inflatedMax: number;
    entriesMax: number;
    distinctNames?: boolean;
    inflate?: (name: string) => boolean;
    keep?: boolean;
  },
): { files: Map<string, Uint8Array> } | { problem: ZipProblem } {
  const claimed = claimedEntries(bytes);
  if (claimed !== null && claimed > bounds.entriesMax) return { problem: 'entries' };
  const files = new Map<string, Uint8Array>();
  const names = new Set<string>();
  let unfinished = 0;
  let total = 0;
  let entries = 0;
  let problem: ZipProblem | null = null;
  const unzip = new Unzip((file) => {
    if (problem) return;
    entries++;
    if (entries > bounds.entriesMax) {
      problem = 'entries';
      return;
    }
    if (bounds.distinctNames && names.has(file.name)) {
      problem = 'names';
      return;
    }
    names.add(file.name);
    if (bounds.inflate && !bounds.inflate(file.name)) return;
    const chunks: Uint8Array[] = [];
    unfinished++;
    file.ondata = (err, chunk, final) => {
      if (problem) return;
      if (err) {
        problem = 'damaged';
        return;
      }
      total += chunk.length;
      if (total > bounds.inflatedMax) {
        problem = 'inflated';
        file.terminate();
        return;
      }
      if (bounds.keep) chunks.push(chunk);
      if (final) {
        unfinished--;
        if (bounds.keep && !files.has(file.name)) files.set(file.name, joined(chunks));
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let i = 0; i < bytes.length && !problem; i += PUSH_BYTES) {
      unzip.push(bytes.subarray(i, i + PUSH_BYTES), i + PUSH_BYTES >= bytes.length);
    }
  } catch {
    return { problem: 'damaged' };
  }
  if (problem) return { problem };
  if (entries === 0 || unfinished > 0) return { problem: 'damaged' };
  return { files };
}

function joined(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: a date as YYYY-MM-DD (a time of day alone as HH:MM), a number as written, TRUE/FALSE. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
    // Excel keeps a time of day as a fraction of day 0 (1899-12-30 or -31 as libraries count it).
    if (value.getUTCFullYear() < 1900) return time;
    return time === '00:00' ? date : `${date} ${time}`;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

async function xlsxTable(name: string, bytes: Uint8Array, limit: number): Promise<FileTable> {
  const unreadable = {
    problem: `The file ${name} could not be read as an Excel workbook (XLSX); save it again as XLSX or CSV.`,
  };
  if ('problem' in unzipWithin(bytes, { inflatedMax: limit, entriesMax: XLSX_PARTS_MAX })) {
    return {
      problem: `The file ${name} is not a workbook Pirouette can read: it is damaged, or it would unpack to more than ${Math.round(limit / 1024 / 1024)} MB. Save it again as XLSX or CSV.`,
    };
  }
  try {
    const rows = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      parseNumber: (s: string) => s,
      trim: false,
    });
    const table = rows.map((row) => row.map(cellText));
    const width = table.reduce((w, r) => Math.max(w, r.length), 0);
    for (const r of table) while (r.length < width) r.push('');
    return { table };
  } catch {
    return unreadable;
  }
}

/**
 * The table of an uploaded file (header row first), or the sentence saying why there is none.
 * `inflatedMax` bounds what an XLSX may unpack to (tests lower it).
 */
export async function tableOfFile(
  file: { name: string; bytes: Uint8Array },
  inflatedMax = XLSX_INFLATED_MAX,
): Promise<FileTable> {
  const { name, bytes } = file;
  if (bytes.length === 0) return { problem: `The file ${name} is empty.` };
  switch (kindOf(name, bytes)) {
    case 'csv':
      return { table: parseCsv(csvTextOf(bytes)) };
    case 'xlsx':
      return xlsxTable(name, bytes, inflatedMax);
    case 'xls':
      return {
        problem: `The file ${name} is an old Excel workbook (XLS); open it and save it as XLSX or CSV.`,
      };
    default:
      return { problem: `The file ${name} is neither a CSV file nor an Excel workbook (XLSX).` };
  }
}
