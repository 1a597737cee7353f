/**
 * The files the owner adds to an import, read in the browser: CSV and JSON as text, XLSX and ZIP as
 * their bytes in base64 (what `importFileInput` takes). A CSV's first rows give each column a sample
 * value for the mapping screen (the check's answer names the headers, not their values).
 */

export type PickedFile = {
  name: string;
  /** Bytes. */
  size: number;
  content: string;
  encoding: 'text' | 'base64';
  /** A CSV's header → its first value not blank among the first rows; empty for other files. */
  samples: Record<string, string>;
};

/** What the file picker offers. */
export const ACCEPTED_FILES = '.csv,.tsv,.txt,.json,.xlsx,.zip';
const ACCEPTED = /\.(csv|tsv|txt|json|xlsx|zip)$/i;
const BINARY = /\.(xlsx|zip)$/i;

/** Whether an import reads a file of this name. */
export const isAccepted = (name: string) => ACCEPTED.test(name);

export const encodingOf = (name: string): PickedFile['encoding'] => (BINARY.test(name) ? 'base64' : 'text');

/** A file's size as people read it: "820 bytes", "14 KB", "2.3 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Bytes → base64, a slice at a time (one `fromCharCode` call over megabytes overflows the stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const SLICE = 0x8000;
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}

/** Reads one file as the import sends it. */
export async function readPicked(file: File): Promise<PickedFile> {
  const encoding = encodingOf(file.name);
  const content =
    encoding === 'text' ? await file.text() : bytesToBase64(new Uint8Array(await file.arrayBuffer()));
  const samples = encoding === 'text' && !/\.json$/i.test(file.name) ? samplesOf(content) : {};
  return { name: file.name, size: file.size, content, encoding, samples };
}

/** The delimiter of a CSV's header line: the most frequent of comma, semicolon and tab. */
function delimiterOf(line: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, line.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** The first `limit` records of a CSV (quotes, doubled quotes and line breaks in quotes read). */
export function csvHead(text: string, limit: number): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(body.slice(0, body.search(/\r?\n|$/)));
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length && records.length < limit; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      record.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += ch;
  }
  if (records.length < limit && (cell !== '' || record.length > 0)) records.push([...record, cell]);
  return records;
}

const SAMPLE_ROWS = 20;
const SAMPLE_LENGTH = 60;

/** Each header's first value not blank among the first rows of a CSV. */
export function samplesOf(text: string): Record<string, string> {
  const [headers = [], ...rows] = csvHead(text, SAMPLE_ROWS + 1);
  const samples: Record<string, string> = {};
  headers.forEach((header, i) => {
    const value = rows.map((r) => (r[i] ?? '').trim()).find((v) => v !== '') ?? '';
    const name = header.trim();
    if (name && !(name in samples)) samples[name] = value.slice(0, SAMPLE_LENGTH);
  });
  return samples;
}
