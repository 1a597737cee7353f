import { Box, Card, type CardProps, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { wrapLongWords } from './row-card';

type Props = Omit<CardProps, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title: usually an Add or Edit button. */
  action?: ReactNode;
  children: ReactNode;
};

/** One part of a family's account: a heading, what it holds, and the action that changes it. */
export function SectionCard({ title, description, action, children, style, ...card }: Props) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }} {...card} style={{ ...wrapLongWords, ...(style as object) }}>
      <Stack gap="md">
        <SectionHeading title={title} description={description} action={action} />
        {children}
      </Stack>
    </Card>
  );
}

export function SectionHeading({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  // The description runs the full width under the title and its action, so a phone keeps both readable.
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="center" gap="sm" wrap="nowrap" mih={36}>
        <Title order={3} fz="lg" miw={0}>
          {title}
        </Title>
        {action && <Box style={{ flexShrink: 0 }}>{action}</Box>}
      </Group>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}
