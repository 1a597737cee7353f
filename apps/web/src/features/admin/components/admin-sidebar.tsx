import { ActionIcon, Menu, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import {
  ADMIN_GROUPS,
  ADMIN_ROOT,
  type AdminGroup,
  activeHref,
  adminHref,
} from '../../../app/paths/admin-sections';
import { PendingCountBadge } from '../../approvals/components/pending-count-badge';
import classes from './admin-sidebar.module.css';

/** The approvals' entry carries the count of registrations waiting. */
const APPROVALS_PATH = 'registrations/pending';

const same = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.toLowerCase();

const isActive = (path: string, pathname: string) => activeHref(pathname) === adminHref(path);

function isGroupActive(group: AdminGroup, pathname: string) {
  return group.sections.some((s) => isActive(s.path, pathname));
}

type Props = { mini: boolean; onNavigate: () => void };

/** The admin sidebar: the groups of 000 §2 as collapsible items, or icons with menus when narrow. */
export function AdminSidebar({ mini, onNavigate }: Props) {
  const { pathname } = useLocation();
  if (mini) {
    return (
      <Stack gap={6} align="center" py="sm">
        <Tooltip label="Dashboard" position="right">
          <ActionIcon
            component={Link}
            to={ADMIN_ROOT}
            variant={same(pathname, ADMIN_ROOT) ? 'light' : 'subtle'}
            color={same(pathname, ADMIN_ROOT) ? undefined : 'gray'}
            className={classes.miniButton}
            aria-label="Dashboard"
          >
            <IconLayoutDashboard size={22} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
        {ADMIN_GROUPS.map((group) => {
          const active = isGroupActive(group, pathname);
          return (
            <Menu key={group.label} position="right-start" offset={10} trigger="click-hover" withArrow>
              <Menu.Target>
                <ActionIcon
                  variant={active ? 'light' : 'subtle'}
                  color={active ? undefined : 'gray'}
                  className={classes.miniButton}
                  aria-label={group.label}
                >
                  <group.icon size={22} stroke={1.6} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{group.label}</Menu.Label>
                {group.sections.map((s) => (
                  <Menu.Item key={s.path} component={Link} to={adminHref(s.path)} onClick={onNavigate}>
                    {s.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </Stack>
    );
  }
  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <nav aria-label="Admin">
        <Stack gap={2} p="sm">
          <NavLink
            component={Link}
            to={ADMIN_ROOT}
            label="Dashboard"
            leftSection={<IconLayoutDashboard size={20} stroke={1.6} />}
            active={same(pathname, ADMIN_ROOT)}
            className={classes.groupLabel}
            onClick={onNavigate}
          />
          {ADMIN_GROUPS.map((group) => (
            <NavLink
              key={group.label}
              label={group.label}
              leftSection={<group.icon size={20} stroke={1.6} />}
              defaultOpened={isGroupActive(group, pathname)}
              className={classes.groupLabel}
              childrenOffset={32}
            >
              {group.sections.map((s) => (
                <NavLink
                  key={s.path}
                  component={Link}
                  to={adminHref(s.path)}
                  label={s.label}
                  rightSection={s.path === APPROVALS_PATH ? <PendingCountBadge /> : undefined}
                  active={isActive(s.path, pathname)}
                  className={classes.item}
                  onClick={onNavigate}
                />
              ))}
            </NavLink>
          ))}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
