import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { privatesQueryKey } from './get-privates';

/** The answer's shape (privateRegistrationCreated in the domain). */
export type PrivateRegistrationCreated = {
  rData: { privRegID: string; privRegActID: string; dateEnd: string };
  msg: string;
};

/**
 * `price` is the text after the '$' of the price field (002 §5); `override` when the owner confirmed
 * registering past the places the lesson's price names (decision 018).
 */
export type NewPrivateRegistration = {
  studentID: string;
  privID: string;
  price: string;
  dateStart: string;
  override?: boolean;
};

export const createPrivateRegistration = (body: NewPrivateRegistration) =>
  api.post<PrivateRegistrationCreated>('/api/mystudio/privates/reg/student', body);

export function useCreatePrivateRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrivateRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privatesQueryKey }),
  });
}
