import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import type { Account } from '@pirouette/domain';
import { IconBuildingStore, IconChevronRight } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useSwitchAccount } from '../api/auth';

const ROLE_LABEL = { owner: 'Owner', user: 'Parent', teacher: 'Teacher' } as const;

/** Where a person with several studio memberships chooses one (/accounts, /acounts). */
export function AccountPickerPage() {
  const session = useSession();
  const navigate = useNavigate();
  const switchAccount = useSwitchAccount();
  if (!session) return null;

  const choose = (acct: Account) =>
    switchAccount.mutate(
      { params: { id: acct.id } },
      {
        onSuccess: () =>
          navigate(acct.nPriv === 'owner' ? '/accounts/admin' : '/accounts/parents', { replace: true }),
        onError: (error) => notifyError(error),
      },
    );

  return (
    <Paper p={{ base: 'lg', sm: 40 }} shadow="sm" withBorder>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            Choose an account
          </Title>
          <Text c="dimmed" mt={4}>
            {session.user.email} belongs to more than one studio. Which one would you like to open?
          </Text>
        </div>
        <Stack gap="sm" role="list">
          {session.accts.map((acct) => {
            const current = acct.cID === session.user.cID && acct.nPriv === session.user.nPriv;
            return (
              <UnstyledButton
                key={acct.id}
                role="listitem"
                onClick={() => choose(acct)}
                disabled={switchAccount.isPending}
                aria-label={`${acct.cName}, ${ROLE_LABEL[acct.nPriv]}`}
                p="md"
                style={{
                  border: `1px solid var(--mantine-color-${current ? 'plum-3' : 'gray-3'})`,
                  borderRadius: 'var(--mantine-radius-md)',
                  background: current ? 'var(--mantine-color-plum-0)' : 'white',
                }}
              >
                <Group wrap="nowrap" justify="space-between">
                  <Group wrap="nowrap" gap="md" miw={0}>
                    <ThemeIcon size={40} variant="light" radius="md">
                      <IconBuildingStore size={22} />
                    </ThemeIcon>
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {acct.cName}
                      </Text>
                      <Group gap={6}>
                        <Badge size="sm" variant="light" color={acct.nPriv === 'owner' ? 'plum' : 'teal'}>
                          {ROLE_LABEL[acct.nPriv]}
                        </Badge>
                        {current && (
                          <Text size="xs" c="dimmed">
                            Current
                          </Text>
                        )}
                      </Group>
                    </div>
                  </Group>
                  <IconChevronRight size={18} />
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
