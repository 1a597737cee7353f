import { useMutation } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';

/** Whether an address can register a family at the studio: 200, or 409 with the reason. */
export const checkParentEmail = (companyId: string, email: string) =>
  api.get<{ msg: string }>(`/api/registration/parent/${seg(companyId)}/email/${seg(email)}`);

/** The first step's check of its address, so a taken one is said where it is typed (issue 13). */
export const useCheckParentEmail = (companyId: string) =>
  useMutation({ mutationFn: (email: string) => checkParentEmail(companyId, email) });
