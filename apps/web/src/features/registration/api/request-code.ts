import { useMutation } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';

/** Mails a 6-digit code to the address that will own the new studio. */
export const requestCode = (email: string) =>
  api.get<{ msg: string }>(`/api/registration/confirm/email/${seg(email)}`);

export const useRequestCode = () => useMutation({ mutationFn: requestCode });
