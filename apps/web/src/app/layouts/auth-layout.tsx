import { Anchor, Box, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { APP_DESCRIPTION } from '@pirouette/domain';
import { IconCheck } from '@tabler/icons-react';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ShareLinks } from '../../components/share-links';
import classes from './auth-layout.module.css';

function AuthLinks() {
  return (
    <Group gap="md" wrap="nowrap">
      <Anchor component={NavLink} to="/login" fw={600} size="sm">
        Login
      </Anchor>
      <Anchor component={NavLink} to="/register" fw={600} size="sm">
        Register
      </Anchor>
    </Group>
  );
}

/** Sign-in, studio registration, verification links and the account picker. */
export function AuthLayout() {
  return (
    <div className={classes.shell}>
      <aside className={classes.aside}>
        <Text fw={800} fz={22}>
          Pirouette
        </Text>
        <Stack gap="lg" maw={420}>
          <Title order={2} fz={32} lh={1.2}>
            The back office of your dance studio, in one place.
          </Title>
          <Text opacity={0.85}>{APP_DESCRIPTION}.</Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" color="white" c="plum.8">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            <List.Item>Families sign up and register their dancers online</List.Item>
            <List.Item>Tuition, payment plans and auto-pay on the 1st</List.Item>
            <List.Item>Classes, costumes and competitions for every season</List.Item>
          </List>
        </Stack>
        <Text size="xs" opacity={0.7}>
          © {new Date().getFullYear()} Pirouette
        </Text>
      </aside>
      <div className={classes.main}>
        <Box component="header" px={{ base: 'md', sm: 'xl' }} py="md">
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo />
            <AuthLinks />
          </Group>
        </Box>
        <main className={classes.content}>
          <Box w="100%" maw={560}>
            <Outlet />
          </Box>
        </main>
        <Box component="footer" px={{ base: 'md', sm: 'xl' }} py="md">
          <Group justify="space-between" gap="xs">
            <Group gap="md">
              <Anchor component={Link} to="/privacy" size="xs" c="dimmed">
                Privacy
              </Anchor>
              <Anchor component={Link} to="/terms" size="xs" c="dimmed">
                Terms
              </Anchor>
            </Group>
            <ShareLinks />
          </Group>
        </Box>
      </div>
    </div>
  );
}
