import { oldestFirst } from '@pirouette/domain';
import type { Book } from '../book';

/**
 * What a due item's charges still ask of the family: their totals, removed ones left out. A removal
 * never takes it below zero, nor billing's credit after a removal (a negative adjustment's own item is
 * below zero by right), and its charges are never open beyond it (reversePayment). Decision 027.
 */
export const standingOf = (book: Book, dueKey: string) =>
  book.charges.filter((c) => c.dueKey === dueKey && !c.removed).reduce((s, c) => s + c.total, 0);

/** A due item's live charges, the oldest first. */
export const dueCharges = (book: Book, dueKey: string) =>
  oldestFirst(book.charges.filter((c) => c.dueKey === dueKey && !c.removed && c.total > 0));

/** The family's charges open and past due on `today`. */
export const overdueOf = (book: Book, today: string) =>
  oldestFirst(book.charges.filter((c) => c.open > 0 && c.dueDate < today)).reduce((s, c) => s + c.open, 0);
