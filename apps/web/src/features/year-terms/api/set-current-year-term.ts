import type { SetCurrentYearTermInput, YearTerm } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { meQueryKey } from '../../auth/api/get-me';
import { yearTermsQueryKey } from './get-year-terms';

/**
 * Makes a term the studio's current one. `expectedID` is the term the owner saw as current when they
 * confirmed: if another owner changed it meanwhile, the server refuses instead of undoing their choice.
 */
export const setCurrentYearTerm = ({ id, expectedID }: { id: string } & SetCurrentYearTermInput) =>
  api.put<YearTerm>(`/api/mystudio/yearTerms/set/${seg(id)}`, { expectedID });

/**
 * The session carries the term, so it is fetched again, after a refusal as well: the owner then sees
 * the term that is current now.
 */
export function useSetCurrentYearTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCurrentYearTerm,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: yearTermsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
