import { AppShell, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { SIDEBAR_BREAKPOINT_PX } from '@pirouette/domain';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AppBreadcrumbs } from '../../components/app-breadcrumbs';
import { AdminSidebar } from '../../features/admin/components/admin-sidebar';
import { AdminTopBar } from '../../features/admin/components/admin-top-bar';
import { SetupReminder } from '../../features/admin/components/setup-reminder';
import { YearTermSelect } from '../../features/year-terms/components/year-term-select';
import { useFirstMedia } from '../../lib/rendered';
import { useSession } from '../../lib/use-session';
import { ADMIN_ROOT } from '../paths/admin-sections';

// Half a pixel above 1200 so that 1200 px itself is "mobile": the sidebar closes at widths up to 1200 px.
const BREAKPOINT = SIDEBAR_BREAKPOINT_PX + 0.5;

const samePath = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.toLowerCase();

/** The admin dashboard: top bar, collapsible sidebar, breadcrumb, the setup reminder, page. */
export function AdminLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // On a page the server rendered (decision 097), the server's guess first, as its HTML was laid out.
  const firstMedia = useFirstMedia();
  const mobile = useMediaQuery(`(max-width: ${SIDEBAR_BREAKPOINT_PX}px)`, firstMedia.initial) ?? false;
  const [mobileOpened, mobileNav] = useDisclosure(false);
  // On a phone the sidebar is a drawer, out of sight until opened: it is drawn when first opened, and
  // kept, rather than drawn hidden at every page's first render: sixty hidden links and the term's
  // select cost a throttled phone a sixth of its long tasks on the owner's list (decision 113).
  const [navDrawn, setNavDrawn] = useState(false);
  if (mobileOpened && !navDrawn) setNavDrawn(true);
  const drawNav = !mobile || navDrawn;
  const [mini, setMini] = useLocalStorage({ key: 'pirouette.sidebar.mini', defaultValue: false });

  // Leaving a page closes the mobile sidebar, and so does widening past the breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose
  useEffect(() => mobileNav.close(), [pathname, mobile]);

  if (!session) return null;
  const narrow = !mobile && mini;
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: narrow ? 76 : 264, breakpoint: BREAKPOINT, collapsed: { mobile: !mobileOpened } }}
      padding={{ base: 'md', sm: 'lg', xl: 'xl' }}
      transitionDuration={250}
      bg="gray.0"
    >
      <AppShell.Header>
        <AdminTopBar
          session={session}
          mobile={mobile}
          navOpened={mobile ? mobileOpened : !mini}
          onToggleNav={mobile ? mobileNav.toggle : () => setMini((m) => !m)}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        {mobile && navDrawn && (
          <Box p="md" pb={0} hiddenFrom="md">
            <Text size="xs" c="dimmed" mb={4}>
              Year term
            </Text>
            <YearTermSelect session={session} w="100%" />
          </Box>
        )}
        {drawNav && <AdminSidebar mini={narrow} onNavigate={mobileNav.close} />}
      </AppShell.Navbar>
      <AppShell.Main>
        <Stack gap="lg" maw={1280} mx="auto">
          <Group justify="space-between" h={24}>
            <AppBreadcrumbs home={ADMIN_ROOT} />
            {navigation.state === 'loading' && <Loader size="xs" />}
          </Group>
          {/* Keyed by page: each page asks again, so a step just done is counted. */}
          {!samePath(pathname, ADMIN_ROOT) && <SetupReminder key={pathname} />}
          <Outlet />
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
