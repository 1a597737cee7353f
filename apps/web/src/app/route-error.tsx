import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';

/** What a route shows when it fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Center mih="80vh" p="md">
      <Stack align="center" ta="center" gap="md" maw={480}>
        <Title order={1}>{messages.loadFailed}</Title>
        <Text c="dimmed">The page could not be shown. Reloading usually helps.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
