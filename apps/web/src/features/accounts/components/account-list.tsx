import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { type AccountListItem, dollarsText, formatPhone } from '@pirouette/domain';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { AccountStatusBadge } from './account-status-badge';

type Props = { accounts: AccountListItem[] };

/** The family's name as the list shows it; a family without one yet still reads as something. */
export const familyName = (a: { lastName: string }) => a.lastName.trim() || 'Unnamed family';

/** The students by first name, with their last name when it is not the family's. */
export function studentNames(account: Pick<AccountListItem, 'lastName' | 'students'>): string {
  return account.students
    .map((s) =>
      s.lastName && s.lastName !== account.lastName ? `${s.firstName} ${s.lastName}`.trim() : s.firstName,
    )
    .filter(Boolean)
    .join(', ');
}

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** The families of one page as a table; a row opens the family's overview. */
export function AccountTable({ accounts }: Props) {
  const navigate = useNavigate();
  const withBalance = accounts.some((a) => a.balance !== null);
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Family</Table.Th>
              <Table.Th>Students</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>E-mail</Table.Th>
              {withBalance && <Table.Th ta="right">Balance</Table.Th>}
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((a) => {
              const students = studentNames(a);
              return (
                <Table.Tr
                  key={a.id}
                  onClick={() => navigate(accountHref(a.id))}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td>
                    <Anchor component={Link} to={accountHref(a.id)} fw={600} c="inherit" onClick={stop}>
                      {familyName(a)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {students ? (
                      <Text size="sm">{students}</Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        No students
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhone(a.phone)}</Table.Td>
                  <Table.Td>
                    {a.email ? (
                      <Anchor href={`mailto:${a.email}`} size="sm" onClick={stop}>
                        {a.email}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  {withBalance && (
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {a.balance === null ? '—' : dollarsText(a.balance)}
                    </Table.Td>
                  )}
                  <Table.Td>
                    <AccountStatusBadge status={a.status} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** The families of one page as cards, for phones; a card opens the family's overview. */
export function AccountCards({ accounts }: Props) {
  return (
    <Stack gap="sm">
      {accounts.map((a) => {
        const students = studentNames(a);
        return (
          <Card
            key={a.id}
            component={Link}
            to={accountHref(a.id)}
            padding="md"
            aria-label={`${familyName(a)} family`}
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} truncate>
                  {familyName(a)}
                </Text>
                <AccountStatusBadge status={a.status} style={{ flexShrink: 0 }} />
              </Group>
              <Text size="sm" c={students ? undefined : 'dimmed'}>
                {students || 'No students'}
              </Text>
              {a.phone && (
                <Group gap="xs" wrap="nowrap">
                  <IconPhone size={16} style={{ flexShrink: 0, opacity: 0.6 }} />
                  <Text size="sm">{formatPhone(a.phone)}</Text>
                </Group>
              )}
              {a.email && (
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconMail size={16} style={{ flexShrink: 0, opacity: 0.6 }} />
                  <Text size="sm" truncate>
                    {a.email}
                  </Text>
                </Group>
              )}
              {a.balance !== null && (
                <Text size="sm">
                  Balance <strong>{dollarsText(a.balance)}</strong>
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
