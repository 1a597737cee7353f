import { api } from '../../../lib/api-client';
import { useAccountMutation } from './use-account-mutation';

export type ContactInfoBody = {
  id: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
  email: string;
};

/** PUT api/mystudio/account/contactInfo: every field is required (001 §5). */
export const updateContactInfo = (body: ContactInfoBody) =>
  api.put<{ msg?: string }>('/api/mystudio/account/contactInfo', body);

export const useUpdateContactInfo = () => useAccountMutation(updateContactInfo);
