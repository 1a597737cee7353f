import { useMutation } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';

/** Confirms an address from a mailed link (its token, or the id the link carries). */
export const verifyEmail = (hash: string) =>
  api.put<{ msg: string }>(`/api/registration/verify/email/${seg(hash)}`);

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
