import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';

type Props = {
  title: string;
  children?: ReactNode;
  icon?: ComponentType<{ size?: number | string; stroke?: number }>;
  action?: ReactNode;
};

/** What a list shows when it has nothing: says so plainly, and what will fill it. */
export function EmptyState({ title, children, icon: Icon = IconInbox, action }: Props) {
  return (
    <Card p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
        <ThemeIcon size={64} radius="xl" variant="light">
          <Icon size={32} stroke={1.5} />
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children && <Text c="dimmed">{children}</Text>}
        {action}
      </Stack>
    </Card>
  );
}
