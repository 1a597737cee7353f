import { Alert, Badge, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MerchantAccountState, MerchantAnswer } from '@pirouette/domain';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconCreditCardOff } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card';

const LOOK: Record<MerchantAccountState, { label: string; color: string; icon: typeof IconCircleCheck }> = {
  none: { label: 'Not set up', color: 'gray', icon: IconCreditCardOff },
  provisioning: { label: 'Under review', color: 'yellow', icon: IconClockHour4 },
  approved: { label: 'Approved', color: 'green', icon: IconCircleCheck },
  rejected: { label: 'Not approved', color: 'red', icon: IconAlertTriangle },
};

/** The merchant account's state, what was sent (never a bank number but its last four), and why not. */
export function MerchantStatus({ merchant }: { merchant: MerchantAnswer }) {
  const look = LOOK[merchant.state];
  const Icon = look.icon;
  return (
    <SectionCard
      title="Merchant account"
      action={
        <Badge color={look.color} size="lg" variant="light" leftSection={<Icon size={14} aria-hidden />}>
          {look.label}
        </Badge>
      }
    >
      <Alert color={look.color} icon={<Icon aria-hidden />} role="status">
        {merchant.msg}
      </Alert>
      {merchant.reasons.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>What the card processor said</Text>
          <List size="sm">
            {merchant.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {merchant.summary && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Legal business name" value={merchant.summary.legalName} />
          <Fact label="Families know it as" value={merchant.summary.doingBusinessAs} />
          <Fact label="Owner" value={merchant.summary.owner} />
          <Fact label="Paid into" value={merchant.summary.bankAccount} />
          {merchant.merchantId && <Fact label="Merchant id" value={merchant.merchantId} />}
        </SimpleGrid>
      )}
    </SectionCard>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="baseline">
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
      </Stack>
    </Group>
  );
}
