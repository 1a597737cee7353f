import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarDollar, IconCreditCard } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { SectionCard } from '../../families/components/section-card';

/**
 * Tuition and payments, before the portal computes them (`tuit` is null until then): says plainly what
 * will appear here, and shows no figure it does not have.
 */
export function TuitionCard({ studioName }: { studioName: string }) {
  return (
    <SectionCard title="Tuition and payments">
      <Stack gap="md">
        <Pending icon={IconCalendarDollar} title="Tuition">
          Your tuition and payment schedule will appear here once the studio has priced this season's classes
          for your family.
        </Pending>
        <Pending icon={IconCreditCard} title="Payments">
          Your payments and card on file will appear here once online payment opens. Until then, please pay{' '}
          {studioName} as you usually do.
        </Pending>
      </Stack>
    </SectionCard>
  );
}

function Pending({
  icon: Icon,
  title,
  children,
}: {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size="lg">
        <Icon size={20} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={2}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
    </Group>
  );
}
