import { api, seg } from '../../../lib/api-client';
import { useAccountMutation } from './use-account-mutation';

export type SendInvitationVariables = { accountId: string; userId: string };

/** POST api/mystudio/account/{id}/invite/{userId}: (re)sends a user the e-mail to set a password. */
export const sendInvitation = ({ accountId, userId }: SendInvitationVariables) =>
  api.post<{ msg: string }>(`/api/mystudio/account/${seg(accountId)}/invite/${seg(userId)}`);

export const useSendInvitation = () => useAccountMutation(sendInvitation);
