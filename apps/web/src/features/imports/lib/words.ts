import { countOf, type FateCounts, type ImportKind, type RowFate } from '@pirouette/domain';

/** Each kind of file, as the screens name it. */
export const KIND_LABELS: Record<ImportKind, string> = {
  families: 'Families',
  contacts: 'Contacts',
  dancers: 'Dancers',
  classes: 'Classes',
  enrolments: 'Enrolments',
  balances: 'Opening balances',
};

/** One record of each kind, and several, for counts ("1 family", "12 dancers"). */
export const KIND_NOUNS: Record<ImportKind, [string, string]> = {
  families: ['family', 'families'],
  contacts: ['contact', 'contacts'],
  dancers: ['dancer', 'dancers'],
  classes: ['class', 'classes'],
  enrolments: ['enrolment', 'enrolments'],
  balances: ['opening balance', 'opening balances'],
};

export const FATE_LABELS: Record<RowFate, string> = {
  new: 'New',
  matched: 'Matched',
  skipped: 'Skipped',
  refused: 'Refused',
};

export const FATE_COLORS: Record<RowFate, string> = {
  new: 'teal',
  matched: 'blue',
  skipped: 'gray',
  refused: 'red',
};

/** Rows a kind's counts hold, all fates. */
export const rowsIn = (c: FateCounts) => c.new + c.matched + c.skipped + c.refused;

/** The kinds an import's totals hold rows of, in the order they are written. */
export function kindsOf(totals: Partial<Record<ImportKind, FateCounts>>): [ImportKind, FateCounts][] {
  return (Object.keys(KIND_LABELS) as ImportKind[]).flatMap((k) => {
    const counts = totals[k];
    return counts && rowsIn(counts) > 0 ? [[k, counts] as [ImportKind, FateCounts]] : [];
  });
}

/** What an import writes, in words: "12 new families, 3 changed dancers". */
export function writesText(totals: Partial<Record<ImportKind, FateCounts>>): string {
  const parts = kindsOf(totals).flatMap(([kind, c]) => {
    const [one, many] = KIND_NOUNS[kind];
    return [
      ...(c.new > 0 ? [`${c.new} new ${c.new === 1 ? one : many}`] : []),
      ...(c.changed > 0 ? [`${c.changed} changed ${c.changed === 1 ? one : many}`] : []),
    ];
  });
  return parts.length > 0 ? parts.join(', ') : 'nothing new';
}

/** Rows of a fate across kinds. */
export const sumOf = (totals: Partial<Record<ImportKind, FateCounts>>, fate: keyof FateCounts) =>
  Object.values(totals).reduce((sum, c) => sum + (c?.[fate] ?? 0), 0);

export const rowsText = (n: number) => countOf(n, 'row', 'rows');
