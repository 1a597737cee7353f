import { Anchor, Avatar, Box, Button, Container, Group, Text } from '@mantine/core';
import { initials } from '@pirouette/domain';
import { IconLogout, IconSwitchHorizontal } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useLogout } from '../../features/auth/api/auth';
import { useSession } from '../../lib/use-session';

/** The parents' portal: top bar, page, terms and privacy links. */
export function ParentLayout() {
  const session = useSession();
  const cID = session?.user.cID ?? '';
  // The parent side goes to its studio's sign-in after logout (000 §2).
  const logout = useLogout(cID ? `/parent/${cID}` : '/login');
  if (!session) return null;
  const { user } = session;
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <BrandLogo to="/accounts/parents" short />
              <Box miw={0}>
                <Text fw={700} truncate data-testid="studio-name">
                  {user.cName}
                </Text>
                <Text size="xs" c="dimmed" truncate data-testid="user-email">
                  {user.email}
                </Text>
              </Box>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {session.nAccts > 1 && (
                <Button
                  component={Link}
                  to="/accounts"
                  variant="subtle"
                  size="sm"
                  leftSection={<IconSwitchHorizontal size={16} />}
                  visibleFrom="sm"
                >
                  Switch studio
                </Button>
              )}
              <Avatar color="plum" radius="xl" variant="filled" visibleFrom="xs">
                {initials(user.firstName, user.lastName)}
              </Avatar>
              <Button
                variant="default"
                size="sm"
                leftSection={<IconLogout size={16} />}
                loading={logout.isPending}
                onClick={() => logout.mutate({})}
              >
                Logout
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" w="100%" py="xl" style={{ flex: 1 }} component="main">
        <Outlet />
      </Container>
      <Container size="lg" w="100%" py="md" component="footer">
        <Group justify="center" gap="lg">
          <Anchor component={Link} to="/terms" size="sm" c="dimmed">
            Terms
          </Anchor>
          <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
            Privacy
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
