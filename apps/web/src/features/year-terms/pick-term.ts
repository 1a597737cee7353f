import type { YearTerm } from '@pirouette/domain';

/** The term a page shows: the one named in the address, else the studio's current one, else the first. */
export function pickTerm(terms: YearTerm[], wanted: string | null): YearTerm | null {
  return terms.find((t) => t.id === wanted) ?? terms.find((t) => t.isCurrent) ?? terms[0] ?? null;
}
