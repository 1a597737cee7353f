import { attendanceReportCalls, familyAttendanceCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/call';
import type { Period } from '../period';

const c = attendanceReportCalls;

/** Attendance per class over a period, a page of 50; the last page asked stays shown meanwhile. */
export const useClassReport = (p: Period & { page: number }, enabled = true) =>
  useQuery({ ...callQuery(c.classes, { query: p }), enabled, placeholderData: keepPreviousData });

export const useDancerReport = (p: Period & { page: number }, enabled = true) =>
  useQuery({ ...callQuery(c.dancers, { query: p }), enabled, placeholderData: keepPreviousData });

/** Make-ups by class over a period, a page of 50, with the totals of every class. */
export const useMakeupReport = (p: Period & { page: number }, enabled = true) =>
  useQuery({ ...callQuery(c.makeups, { query: p }), enabled, placeholderData: keepPreviousData });

export const useStreaks = () => useQuery(callQuery(c.streaks, {}));

/** A family's attendance this term: the owner's view of an account, or the parent's own. */
export const useAccountAttendance = (id: string) =>
  useQuery(callQuery(familyAttendanceCalls.account, { params: { id }, query: {} }));
export const useParentAttendance = () => useQuery(callQuery(familyAttendanceCalls.parent, { query: {} }));
