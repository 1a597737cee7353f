import { isId, registrationCalls } from '@pirouette/domain';
import { skipToken, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCallMutation } from '../../../lib/call';

/** Mails a 6-digit code to the address that will own the new studio. */
export const useRequestCode = () => useCallMutation(registrationCalls.sendCode);

export const useValidateCode = () => useCallMutation(registrationCalls.checkCode);

export const useRegisterStudio = () => useCallMutation(registrationCalls.registerStudio);

/** Confirms an address from a mailed link (its token, or the id the link carries). */
export const useVerifyEmail = () => useCallMutation(registrationCalls.verifyEmail);

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export const useRequestPasswordReset = () => useCallMutation(registrationCalls.requestPasswordReset);

export const useChangePassword = () => useCallMutation(registrationCalls.changePassword);

/** A studio's name and address hardly change while its parent pages are open. */
const PARENT_COMPANY_STALE_MS = 10 * 60_000;

/** The studio behind a parent link; an id of the wrong shape is not asked for at all (000 §1). */
export const useParentCompany = (companyId: string | undefined) =>
  useQuery({
    ...(companyId && isId(companyId)
      ? callQuery(
          registrationCalls.parentCompany,
          { params: { id: companyId } },
          { staleTime: PARENT_COMPANY_STALE_MS },
        )
      : { queryKey: [...scopeOf(registrationCalls.parentCompany), 'no studio'], queryFn: skipToken }),
    retry: false,
  });
