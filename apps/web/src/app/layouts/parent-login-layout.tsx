import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { isId } from '@pirouette/domain';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useParentCompany } from '../../features/registration/api/registration';

/** A studio's parent sign-in and sign-up pages; every link is built from the studio id (pID). */
export function ParentLoginLayout() {
  const { pID } = useParams();
  const studio = useParentCompany(pID);
  const base = pID && isId(pID) ? `/parent/${pID}` : null;
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="md" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <BrandLogo to={base ?? '/'} short />
              <Box miw={0}>
                <Text fw={700} truncate>
                  {studio.data?.cName ?? 'Parent portal'}
                </Text>
                <Text size="xs" c="dimmed">
                  Parent portal
                </Text>
              </Box>
            </Group>
            {base && (
              <Group gap="md" wrap="nowrap" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                <Anchor component={NavLink} to={base} end fw={600} size="sm">
                  Sign in
                </Anchor>
                <Anchor component={NavLink} to={`${base}/register`} fw={600} size="sm">
                  Register
                </Anchor>
              </Group>
            )}
          </Group>
        </Container>
      </Box>
      <Container size="xs" w="100%" py={{ base: 'lg', sm: 48 }} style={{ flex: 1 }} component="main">
        <Outlet />
      </Container>
      <Container size="md" py="md" component="footer">
        <Group justify="center" gap="lg">
          <Anchor component={Link} to="/terms" size="xs" c="dimmed">
            Terms
          </Anchor>
          <Anchor component={Link} to="/privacy" size="xs" c="dimmed">
            Privacy
          </Anchor>
          <Text size="xs" c="dimmed">
            Powered by Pirouette
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
