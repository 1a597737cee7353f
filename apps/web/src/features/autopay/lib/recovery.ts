import { type AutopayPage, monthLabel } from '@pirouette/domain';

export type RecoveryMonth = AutopayPage['recovery'][number];

/** "2026-12" reads "December 2026" (the domain's month label, as the closed months say it). */
export const monthText = (month: string): string => monthLabel(month);

/** The recovery rate as a whole percent: 0.8 reads "80 %"; nothing failed reads "—". */
export const rateText = (m: RecoveryMonth) => (m.failed.count === 0 ? '—' : `${Math.round(m.rate * 100)} %`);

/** The days it took on average: "3.5 days", "1 day", or "—" when nothing was recovered. */
export function daysText(days: number | null): string {
  if (days === null) return '—';
  return days === 1 ? '1 day' : `${days} days`;
}

/** The ways a failed charge is recovered (or not), in the order the report shows them. */
export const RECOVERY_COLUMNS = [
  { key: 'byRetry', label: 'By retry' },
  { key: 'byNewMethod', label: 'By new method' },
  { key: 'byBackup', label: 'By backup' },
  { key: 'byHand', label: 'By hand' },
  { key: 'notRecovered', label: 'Not recovered' },
] as const satisfies readonly { key: keyof RecoveryMonth; label: string }[];
