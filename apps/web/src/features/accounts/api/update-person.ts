import type { PersonType } from '@pirouette/domain';
import { api } from '../../../lib/api-client';
import { useAccountMutation } from './use-account-mutation';

export type UpdatePersonVariables = { type: PersonType; user: Record<string, unknown> };

/** PUT api/mystudio/account/user/ `{type, user}`: an edited student, user or contact; `user.id` names it. */
export const updatePerson = (body: UpdatePersonVariables) =>
  api.put<{ msg?: string }>('/api/mystudio/account/user/', body);

export const useUpdatePerson = () => useAccountMutation(updatePerson);
