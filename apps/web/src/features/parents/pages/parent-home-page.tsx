import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPhone } from '@pirouette/domain';
import { IconCreditCard, IconHeartHandshake, IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { dateRange } from '../../../lib/format';
import { useSession } from '../../auth/use-session';

/** The parent home: who is signed in, at which studio, and what the portal will show. */
export function ParentHomePage() {
  const session = useSession();
  if (!session) return null;
  const { user, yrTrm } = session;
  return (
    <Stack gap="lg">
      <Card p="xl" bg="plum.7" c="white" withBorder={false}>
        <Stack gap={4}>
          <Text size="sm" opacity={0.85}>
            {user.cName}
          </Text>
          <Title order={2}>Welcome, {user.firstName}</Title>
          <Text size="sm" opacity={0.85}>
            {[user.email, formatPhone(user.phone)].filter(Boolean).join(' · ')}
          </Text>
          {yrTrm && (
            <Text size="sm" opacity={0.85}>
              Season {yrTrm.name}: {dateRange(yrTrm.dateStart, yrTrm.dateEnd)}
            </Text>
          )}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <EmptyState title="Your family" icon={IconHeartHandshake}>
          Your family account, with its contacts and address, will be shown here.
        </EmptyState>
        <EmptyState title="Students" icon={IconUsers}>
          No students to show yet. Your dancers and their classes will be listed here.
        </EmptyState>
        <EmptyState title="Tuition" icon={IconCreditCard}>
          No tuition to show yet. Your payment schedule and card on file will appear here.
        </EmptyState>
      </SimpleGrid>
      <Group justify="center">
        <Text size="sm" c="dimmed" ta="center">
          Questions about classes or payments? Please contact {user.cName} directly.
        </Text>
      </Group>
    </Stack>
  );
}
