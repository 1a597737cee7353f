import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { type AccountInfo, formatDateOnly, formatPhone } from '@pirouette/domain';
import { IconCalendar, IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { wrapLongWords } from '../../../components/row-card';
import { AccountStatusBadge } from './account-status-badge';

/** "Hartley family"; a family without a name yet still reads as one. */
export const familyTitle = (info: Pick<AccountInfo, 'lastName'>) =>
  info.lastName.trim() ? `${info.lastName.trim()} family` : 'Unnamed family';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Text c="dimmed" lh={0} aria-hidden>
        {icon}
      </Text>
      {children}
    </Group>
  );
}

/** The overview's heading: the family, its status in the current term, and how to reach it. */
export function AccountHeader({ info }: { info: AccountInfo }) {
  const phone = formatPhone(info.phone);
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center">
        <Title order={2} fz={{ base: 24, sm: 28 }} miw={0} style={wrapLongWords}>
          {familyTitle(info)}
        </Title>
        <AccountStatusBadge status={info.status} size="lg" />
      </Group>
      <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
        {phone && (
          <Fact icon={<IconPhone size={16} />}>
            <Anchor href={`tel:${info.phone}`} size="sm" c="inherit">
              {phone}
            </Anchor>
          </Fact>
        )}
        {info.email && (
          <Fact icon={<IconMail size={16} />}>
            <Anchor href={`mailto:${info.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
              {info.email}
            </Anchor>
          </Fact>
        )}
        {info.createdAt && (
          <Fact icon={<IconCalendar size={16} />}>
            <Text size="sm" c="dimmed">
              Family since {formatDateOnly(info.createdAt.slice(0, 10))}
            </Text>
          </Fact>
        )}
      </Group>
    </Stack>
  );
}
