import { Avatar, Box, Button, Container, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { initials } from '@pirouette/domain';
import {
  IconCalendarEvent,
  IconList,
  IconLogout,
  IconSwitchHorizontal,
  IconTicket,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useLogout } from '../../features/auth/api/auth';
import { useSession } from '../../lib/use-session';
import { teacherPaths } from '../paths/teacher-paths';

/** The teacher's pages on a phone first (issue 36): the studio, Today and My classes, the account menu. */
export function TeacherLayout() {
  const session = useSession();
  const logout = useLogout('/login');
  const { pathname } = useLocation();
  if (!session) return null;
  const { user } = session;
  const onClasses = pathname.toLowerCase().startsWith(teacherPaths.classes);
  const onRecital = pathname.toLowerCase().startsWith(teacherPaths.recital);
  const tab = (to: string, label: string, icon: ReactNode, active: boolean) => (
    <Button
      component={Link}
      to={to}
      variant={active ? 'light' : 'subtle'}
      aria-current={active ? 'page' : undefined}
      size="sm"
      leftSection={icon}
      style={{ flex: 1 }}
    >
      {label}
    </Button>
  );
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="sm" h={56}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <BrandLogo to={teacherPaths.today} short />
              <Text fw={700} truncate data-testid="studio-name">
                {user.cName}
              </Text>
            </Group>
            <Menu position="bottom-end" width={220}>
              <Menu.Target>
                <UnstyledButton aria-label="Account menu">
                  <Avatar color="plum" radius="xl" variant="filled">
                    {initials(user.firstName, user.lastName)}
                  </Avatar>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.email}</Menu.Label>
                {session.nAccts > 1 && (
                  <Menu.Item component={Link} to="/accounts" leftSection={<IconSwitchHorizontal size={16} />}>
                    Switch account
                  </Menu.Item>
                )}
                <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => logout.mutate({})}>
                  Logout
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Container>
        <Container size="sm" pb={6}>
          <Group gap="xs" wrap="nowrap" component="nav" aria-label="Teacher">
            {tab(teacherPaths.today, 'Today', <IconCalendarEvent size={18} />, !onClasses && !onRecital)}
            {tab(teacherPaths.classes, 'My classes', <IconList size={18} />, onClasses)}
            {tab(teacherPaths.recital, 'Recital', <IconTicket size={18} />, onRecital)}
          </Group>
        </Container>
      </Box>
      <Container size="sm" w="100%" py="md" style={{ flex: 1 }} component="main">
        <Outlet />
      </Container>
    </Box>
  );
}
