import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ContactInfoValues } from '../../families/contact-info-form';
import { parentAccountQueryKey } from './get-parent-account';

/** PUT api/parents/account/contactInfo: the family's address, phone and e-mail. */
export const updateFamilyContactInfo = (values: ContactInfoValues) =>
  api.put<{ msg: string }>('/api/parents/account/contactInfo', values);

export function useUpdateFamilyContactInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFamilyContactInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parentAccountQueryKey }),
  });
}
