import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { NOTIFICATION_TIMEOUT_MS } from '@pirouette/domain';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { onDemand } from '../lib/on-demand';
import { cssVariablesResolver, theme } from './theme';

// The notifications' stack (its transitions and scroll handling) is downloaded with the first notification
// shown, not with every page: the store that `notifications.show` fills is in the first download.
const stack = onDemand(() => import('./notifications-module').then((m) => m.Notifications));

function AppNotifications() {
  const { notifications, queue } = useNotifications();
  const wanted = notifications.length > 0 || queue.length > 0;
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!wanted || stack.current()) return;
    stack.load().then(
      () => setLoaded(true),
      () => {},
    );
  }, [wanted]);
  const Notifications = stack.current();
  return Notifications ? (
    <Notifications
      position="top-right"
      autoClose={NOTIFICATION_TIMEOUT_MS}
      zIndex={1000}
      classNames={{ root: 'app-notifications' }}
    />
  ) : null;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppNotifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
