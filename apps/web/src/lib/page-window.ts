import { PAGES_DISPLAYED } from '@pirouette/domain';

/** How many pages a list of `total` items fills, `pageSize` a page; at least one. */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.ceil(total / pageSize);
}

/**
 * The page numbers a pager shows (000 §9: 5 pages displayed): `shown` consecutive pages with the current
 * one in the middle where it can be, shifted at either end so the window stays full.
 */
export function pageWindow(page: number, totalPages: number, shown: number = PAGES_DISPLAYED): number[] {
  const last = Math.max(0, Math.floor(totalPages));
  const size = Math.min(Math.max(1, Math.floor(shown)), last);
  if (size === 0) return [];
  const current = Math.min(Math.max(1, Math.floor(page) || 1), last);
  const start = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), last - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
