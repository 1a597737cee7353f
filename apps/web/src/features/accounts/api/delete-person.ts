import type { PersonType } from '@pirouette/domain';
import { api, seg } from '../../../lib/api-client';
import { useAccountMutation } from './use-account-mutation';

export type DeletePersonVariables = { accountId: string; type: PersonType; id: string };

/** DELETE api/mystudio/account/user/{type}/{id}/{accountKey}: the family's id is the account key. */
export const deletePerson = ({ accountId, type, id }: DeletePersonVariables) =>
  api.delete<{ msg?: string }>(`/api/mystudio/account/user/${seg(type)}/${seg(id)}/${seg(accountId)}`);

export const useDeletePerson = () => useAccountMutation(deletePerson);
