import type { StudioRegistrationInput } from '@pirouette/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const registerStudio = (input: StudioRegistrationInput) =>
  api.post<{ msg: string }>('/api/registration/account', input);

export const useRegisterStudio = () => useMutation({ mutationFn: registerStudio });
