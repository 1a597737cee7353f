import { Box, Button, Container, Divider, Group } from '@mantine/core';
import { homePath } from '@pirouette/domain';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useMe } from '../../lib/use-session';
import { SiteFooter } from './site-footer';

/** The public pages: landing, privacy and terms. */
export function SiteLayout() {
  const { data: session } = useMe();
  return (
    <Box bg="white" mih="100vh">
      <Box
        component="header"
        pos="sticky"
        top={0}
        bg="rgba(255,255,255,0.92)"
        style={{
          zIndex: 10,
          backdropFilter: 'blur(8px)',
          borderBottom: '1px solid var(--mantine-color-gray-2)',
        }}
      >
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <BrandLogo />
            <Group gap="xs" wrap="nowrap">
              {session ? (
                <Button component={Link} to={session.nAccts > 1 ? '/accounts' : homePath(session.user.nPriv)}>
                  Open {session.user.cName}
                </Button>
              ) : (
                <>
                  <Button component={Link} to="/login" variant="subtle">
                    Sign in
                  </Button>
                  <Button component={Link} to="/register" visibleFrom="xs">
                    Register your studio
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Outlet />
      </Box>
      <Divider />
      <SiteFooter />
    </Box>
  );
}
