import { notifications } from '@mantine/notifications';
import { messages } from '@pirouette/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isExpired } from '../lib/session';
import { meQueryKey, useMe } from '../lib/use-session';

// setTimeout cannot wait longer than about 24.8 days.
const MAX_TIMEOUT_MS = 2_147_483_647;

/** When the session's expT passes, the session is reset: cached data dropped, sign-in shown (000 §4). */
export function SessionWatch() {
  const { data: session } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!session) return;
    const reset = () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
      notifications.show({ color: 'yellow', message: messages.sessionExpired });
      navigate('/login', { replace: true });
    };
    if (isExpired(session)) {
      reset();
      return;
    }
    const wait = Math.min(Date.parse(session.user.expT) - Date.now(), MAX_TIMEOUT_MS);
    const timer = window.setTimeout(reset, wait);
    return () => window.clearTimeout(timer);
  }, [session, queryClient, navigate]);

  return null;
}
