import { useMutation } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export const requestPasswordReset = (email: string) =>
  api.get<{ msg: string }>(`/api/registration/change/pass/${seg(email)}`);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
