import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function StudioHeading({
  name,
  loading,
  children,
}: {
  name?: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      {loading ? (
        <Skeleton h={30} w="70%" />
      ) : (
        <Title order={1} fz={26} data-testid="studio-name">
          {name}
        </Title>
      )}
      <Text c="dimmed">{children}</Text>
    </Stack>
  );
}
