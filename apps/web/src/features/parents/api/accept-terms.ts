import type { AcceptTermsInput, MessageResult } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parentAccountQueryKey } from './get-parent-account';

/** POST api/parents/account/terms: accepts a document in the version the parent read. */
export const acceptTerms = (input: AcceptTermsInput) =>
  api.post<MessageResult>('/api/parents/account/terms', input);

/**
 * Either way the family and the texts are fetched again: after an acceptance the portal shows it, and
 * after a refusal (the studio saved a newer version meanwhile) the dialog shows the new text.
 */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSettled: () => queryClient.invalidateQueries({ queryKey: parentAccountQueryKey }),
  });
}
