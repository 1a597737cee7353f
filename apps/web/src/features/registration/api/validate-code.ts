import type { CodeCheckResult } from '@pirouette/domain';
import { useMutation } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';

export const validateCode = ({ email, code }: { email: string; code: string }) =>
  api.get<CodeCheckResult>(`/api/registration/email/validate/${seg(email)}/${seg(code)}`);

export const useValidateCode = () => useMutation({ mutationFn: validateCode });
