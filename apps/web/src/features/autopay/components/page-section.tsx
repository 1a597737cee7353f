import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the auto-pay page: its heading, a line on what it holds, and what it holds. */
export function PageSection({
  title,
  description,
  aside,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Beside the heading: a figure or a loader. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Stack gap={2}>
        <Group justify="space-between" align="baseline" gap="sm">
          <Title order={3} fz="lg">
            {title}
          </Title>
          {aside}
        </Group>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}
