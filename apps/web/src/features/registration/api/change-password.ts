import type { PasswordChangeInput } from '@pirouette/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const changePassword = (input: PasswordChangeInput) =>
  api.put<{ msg: string }>('/api/registration/change/pass', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
