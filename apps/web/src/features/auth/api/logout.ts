import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const logout = () => api.get<{ msg: string }>('/api/auth/logout');

/**
 * Signs out, then loads `destination` as a new page: nothing of the session survives in memory
 * (000 §2: the admin side refreshes the page, the parent side goes to its studio's sign-in).
 */
export function useLogout(destination: string) {
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      window.location.assign(destination);
    },
  });
}
