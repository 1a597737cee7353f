/**
 * Reading a CSV file a studio brings (issue 35, decision 055): RFC 4180 as spreadsheets and old
 * systems write it. A field may be quoted ("…"), a quote inside it doubled (""), a line break inside
 * it kept; lines end in CRLF, LF or CR; a byte-order mark is dropped. The delimiter is the one of
 * comma, semicolon and tab that the first line holds most of (a comma when none): a spreadsheet saved
 * in a European locale writes semicolons, a copy from a screen writes tabs. Blank lines at the end
 * are dropped; those at the start are kept as rows of no cells ([]), those between rows as empty
 * rows (the reader of the file takes the first row that is not [] as the header and skips the empty
 * ones, and every row keeps the number a spreadsheet shows it under); every row but the blank lines
 * at the start is as wide as the widest (a spreadsheet leaves a row's empty last cells out).
 */

const DELIMITERS = [',', '\t', ';'] as const;

/** The delimiter the file's first non-blank line uses most, outside quotes; a comma when it uses none. */
export function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let i = 0;
  while (i < text.length && (text[i] === '\n' || text[i] === '\r')) i++;
  let quoted = false;
  for (; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best: string = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** The end of an unquoted stretch: the next delimiter or line break, or the text's end. */
function stretchEnd(s: string, from: number, delimiter: string): number {
  let k = from;
  while (k < s.length) {
    const c = s[k];
    if (c === delimiter || c === '\n' || c === '\r') break;
    k++;
  }
  return k;
}

/** A quoted field starting at `start` (its opening quote): its value and where it ends. */
function quotedField(s: string, start: number, delimiter: string): { value: string; end: number } {
  const parts: string[] = [];
  let j = start + 1;
  for (;;) {
    const q = s.indexOf('"', j);
    if (q === -1) {
      // An unclosed quote runs to the end of the file: what it holds is kept, not lost.
      parts.push(s.slice(j));
      j = s.length;
      break;
    }
    parts.push(s.slice(j, q));
    if (s[q + 1] === '"') {
      parts.push('"');
      j = q + 2;
      continue;
    }
    j = q + 1;
    break;
  }
  // Whatever follows the closing quote before the next delimiter (not RFC 4180, but written) is kept.
  const end = stretchEnd(s, j, delimiter);
  return { value: parts.join('') + s.slice(j, end), end };
}

const isBlank = (row: readonly string[]) => row.length === 1 && (row[0] ?? '').trim() === '';

/** The rows of a CSV text, each a list of its cells, as wide as the widest row. */
export function parseCsv(text: string): string[][] {
  let s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Excel's own hint, a first line "sep=;", names the delimiter (and is not shown as a row).
  const hint = /^sep=([^\r\n])(?:\r\n|\r|\n)/i.exec(s);
  if (hint) s = s.slice(hint[0].length);
  const delimiter = hint?.[1] ?? sniffDelimiter(s);
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < s.length) {
    if (s[i] === '"') {
      const field = quotedField(s, i, delimiter);
      row.push(field.value);
      i = field.end;
    } else {
      const end = stretchEnd(s, i, delimiter);
      row.push(s.slice(i, end));
      i = end;
    }
    if (i >= s.length) break;
    if (s[i] === delimiter) {
      i++;
      if (i === s.length) row.push('');
      continue;
    }
    i += s[i] === '\r' && s[i + 1] === '\n' ? 2 : 1;
    rows.push(isBlank(row) ? [] : row);
    row = [];
  }
  if (row.length > 0) rows.push(isBlank(row) ? [] : row);
  // Blank lines after the last row are dropped (a file of blank lines alone has no rows). Those
  // between rows stay as empty rows, and those before the header as rows of no cells ([], told apart
  // from a first row of empty cells, which is the header), so that every row keeps the number a
  // spreadsheet shows it under (readImportFile takes the first row that is not [] as the header).
  while (rows.length > 0 && rows[rows.length - 1]?.length === 0) rows.pop();
  let above = 0;
  while (rows[above]?.length === 0) above++;
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  for (const r of rows.slice(above)) while (r.length < width) r.push('');
  return rows;
}
