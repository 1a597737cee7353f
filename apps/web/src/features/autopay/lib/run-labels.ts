import type { AutopayPage } from '@pirouette/domain';

export type RunResult = AutopayPage['runs']['items'][number]['result'];

export const RESULT_LABELS: Record<RunResult, string> = {
  charged: 'Charged',
  declined: 'Declined',
  processing: 'Processing',
  skipped: 'Skipped',
};

export const RESULT_COLORS: Record<RunResult, string> = {
  charged: 'teal',
  declined: 'red',
  processing: 'blue',
  skipped: 'gray',
};

const isResult = (value: string): value is RunResult => value in RESULT_LABELS;

/** A result the server names (a run's, or a family's last): its label and colour; an unknown word as it is. */
export function resultLook(result: string): { label: string; color: string } {
  if (isResult(result)) return { label: RESULT_LABELS[result], color: RESULT_COLORS[result] };
  return { label: result.charAt(0).toUpperCase() + result.slice(1), color: 'gray' };
}

export type RunTrigger = AutopayPage['runs']['items'][number]['trigger'];

/**
 * A try by its number and why it was made (decision 070): the billing day's and the retry schedule's
 * ("Try 2"), a method saved or the backup charged ("Try 3 · new method"), the studio's "Charge now".
 */
export function tryText(tryNo: number, trigger: RunTrigger = 'retry'): string {
  if (trigger === 'studio') return 'By the studio';
  if (trigger === 'new_method') return `Try ${tryNo} · new method`;
  if (trigger === 'backup') return `Try ${tryNo} · backup`;
  return `Try ${tryNo}`;
}
