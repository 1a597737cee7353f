import type { PersonType } from '@pirouette/domain';
import { api } from '../../../lib/api-client';
import { useAccountMutation } from './use-account-mutation';

export type AddPersonVariables = { accountId: string; type: PersonType; user: Record<string, unknown> };

/**
 * POST api/mystudio/account/user `{uType, nUser, aID, coAcctMemID}`: a new student, user or contact of
 * the family. aID and coAcctMemID both name the family (decision 013).
 */
export const addPerson = ({ accountId, type, user }: AddPersonVariables) =>
  api.post<{ id: string; msg?: string }>('/api/mystudio/account/user', {
    uType: type,
    nUser: user,
    aID: accountId,
    coAcctMemID: accountId,
  });

export const useAddPerson = () => useAccountMutation(addPerson);
