import { Badge, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of the class panel: its title, how many it holds, and its action. */
export function SectionTitle({
  title,
  count,
  action,
}: {
  title: string;
  count?: number;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Group gap={6} wrap="nowrap">
        <Title order={4} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
          {title}
        </Title>
        {count !== undefined && (
          <Badge size="sm" variant="light" color="gray" circle>
            {count}
          </Badge>
        )}
      </Group>
      {action}
    </Group>
  );
}
