import { AUTOPAY_TRIES, type AutopayPage } from '@pirouette/domain';

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

/** Tries 1 to 3 are the billing days' (the due date, +3, +7); from 4 on, the studio's "Charge now". */
export const tryText = (tryNo: number) => (tryNo <= AUTOPAY_TRIES.length ? `Try ${tryNo}` : 'By the studio');
