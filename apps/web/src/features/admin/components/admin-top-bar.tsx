import {
  ActionIcon,
  Avatar,
  Box,
  Burger,
  Button,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatPhone, initials, type MeResult } from '@pirouette/domain';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconSettings,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADMIN_ROOT } from '../../../app/paths/admin-sections';
import { BrandLogo } from '../../../components/brand-logo';
import { studioDateTime } from '../../../lib/format';
import { useFirstMedia } from '../../../lib/rendered';
import { useLogout } from '../../auth/api/auth';
import { YearTermSelect } from '../../year-terms/components/year-term-select';
import { CopyParentLinkButton, CopyParentLinkMenuItem } from './copy-parent-link';

type Props = {
  session: MeResult;
  mobile: boolean;
  navOpened: boolean;
  onToggleNav: () => void;
};

/** Studio name, welcome, year term, e-mail, initials and Logout (000 §2). */
export function AdminTopBar({ session, mobile, navOpened, onToggleNav }: Props) {
  const { user } = session;
  // The admin side reloads the page after logout and lands on sign-in (000 §2).
  const logout = useLogout('/login');
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  // The term's select is drawn where it shows, from md (narrower, the sidebar's drawer has it): hidden
  // by CSS alone, a phone still hydrated it and placed its list on every page (decision 113).
  const theme = useMantineTheme();
  const firstMedia = useFirstMedia();
  const termShown = useMediaQuery(
    `(min-width: ${theme.breakpoints.md})`,
    !firstMedia.initial,
    firstMedia.options,
  );
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {mobile ? (
          <Burger opened={navOpened} onClick={onToggleNav} size="sm" aria-label="Toggle navigation" />
        ) : (
          <Tooltip label={navOpened ? 'Collapse sidebar' : 'Expand sidebar'}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onToggleNav}
              aria-label="Toggle navigation"
            >
              {navOpened ? (
                <IconLayoutSidebarLeftCollapse size={20} />
              ) : (
                <IconLayoutSidebarLeftExpand size={20} />
              )}
            </ActionIcon>
          </Tooltip>
        )}
        <Box visibleFrom="sm">
          <BrandLogo to={ADMIN_ROOT} />
        </Box>
        <Box hiddenFrom="sm">
          <BrandLogo to={ADMIN_ROOT} short size="sm" />
        </Box>
        <Box
          miw={0}
          pl={{ base: 0, sm: 'md' }}
          style={{ borderLeft: mobile ? undefined : '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text fw={700} size="sm" truncate data-testid="studio-name">
            {user.cName}
          </Text>
          <Text component="h1" m={0} fz="xs" fw={400} c="dimmed" truncate>
            Welcome, {user.firstName}
          </Text>
        </Box>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {termShown && (
          <Box visibleFrom="md">
            <YearTermSelect session={session} />
          </Box>
        )}
        <Box visibleFrom="xl">
          <CopyParentLinkButton companyId={user.cID} variant="light" size="sm" />
        </Box>
        <Menu position="bottom-end" width={260} withArrow>
          <Menu.Target>
            <UnstyledButton aria-label="Account menu">
              <Group gap={8} wrap="nowrap">
                <Avatar color="plum" radius="xl" variant="filled">
                  {initials(user.firstName, user.lastName)}
                </Avatar>
                <Text size="sm" visibleFrom="lg" maw={200} truncate data-testid="user-email">
                  {user.email}
                </Text>
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Box px="sm" py={6}>
              <Text fw={600} size="sm">
                {fullName}
              </Text>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {user.email}
              </Text>
              {user.phone && (
                <Text size="xs" c="dimmed">
                  {formatPhone(user.phone)}
                </Text>
              )}
              <Text size="xs" c="dimmed" mt={4}>
                Session ends {studioDateTime(user.expT, user.timeZone)}
              </Text>
            </Box>
            <Menu.Divider />
            <Menu.Item
              component={Link}
              to={`${ADMIN_ROOT}/myStudio/settings`}
              leftSection={<IconSettings size={16} />}
            >
              Studio settings
            </Menu.Item>
            <CopyParentLinkMenuItem companyId={user.cID} />
            {session.nAccts > 1 && (
              <Menu.Item component={Link} to="/accounts" leftSection={<IconSwitchHorizontal size={16} />}>
                Switch studio
              </Menu.Item>
            )}
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => logout.mutate({})}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconLogout size={16} />}
          onClick={() => logout.mutate({})}
          loading={logout.isPending}
          visibleFrom="sm"
        >
          Logout
        </Button>
      </Group>
    </Group>
  );
}
