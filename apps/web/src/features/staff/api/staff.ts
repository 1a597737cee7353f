import { staffCalls, teacherClassCalls, teacherInvitationCalls } from '@pirouette/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every query of Staff → Registration: an invitation or a revocation refreshes the list. */
const registration = scopeOf(staffCalls.list);

export const useStaffRegistration = () => useCall(staffCalls.list);
export const useInviteTeacher = () => useCallMutation(staffCalls.invite, { invalidates: [registration] });
export const useRevokeTeacher = () => useCallMutation(staffCalls.revoke, { invalidates: [registration] });

/** What an invitation link is for; asked once, never retried (a used link stays used). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () => callApi(teacherInvitationCalls.read, { body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAcceptInvitation = () => useCallMutation(teacherInvitationCalls.accept);

export const useTeacherClasses = () => useCall(teacherClassCalls.classes);
