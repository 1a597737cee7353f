import type { ParentRegistrationInput } from '@pirouette/domain';
import { useMutation } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';

export const registerParent = (companyId: string, input: ParentRegistrationInput) =>
  api.post<{ msg: string }>(`/api/registration/parent/${seg(companyId)}`, input);

/** A parent registers their family at the studio of the sign-up link. */
export const useRegisterParent = (companyId: string) =>
  useMutation({ mutationFn: (input: ParentRegistrationInput) => registerParent(companyId, input) });
