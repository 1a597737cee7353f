import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  createMemoryRouter,
  type HydrationState,
  matchRoutes,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
// The error page shows it too, so it is in the first download anyway.
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { parentAccountQuery } from '../features/parents/api/parents';
import { withChunkReload } from '../lib/chunk-reload';
import { firstAnswers } from '../lib/first-answers';
import { meQueryOptions } from '../lib/use-session';
import { RouteGuard } from './guards/route-guard';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

/**
 * Every page and layout is loaded when its route is first visited, so a page downloads its own code
 * and what it shares, never another area's: a parent on a phone gets the sign-in and the portal, not
 * the owner's pages (issue 13).
 */
const lazyRoute = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  withChunkReload(() => load().then((m) => ({ Component: pick(m) })));

const lazySiteLayout = lazyRoute(
  () => import('./layouts/site-layout'),
  (m) => m.SiteLayout,
);
const lazyAuthLayout = lazyRoute(
  () => import('./layouts/auth-layout'),
  (m) => m.AuthLayout,
);
const lazyParentLoginLayout = lazyRoute(
  () => import('./layouts/parent-login-layout'),
  (m) => m.ParentLoginLayout,
);
const lazyLanding = lazyRoute(
  () => import('../features/public/pages/landing-page'),
  (m) => m.LandingPage,
);
const lazyPrivacy = lazyRoute(
  () => import('../features/public/pages/privacy-page'),
  (m) => m.PrivacyPage,
);
const lazyTerms = lazyRoute(
  () => import('../features/public/pages/terms-page'),
  (m) => m.TermsPage,
);
const lazyLogin = lazyRoute(
  () => import('../features/auth/pages/login-page'),
  (m) => m.LoginPage,
);
const lazyRegister = lazyRoute(
  () => import('../features/registration/pages/register-page'),
  (m) => m.RegisterPage,
);
const lazyParentLogin = lazyRoute(
  () => import('../features/parents/pages/parent-login-page'),
  (m) => m.ParentLoginPage,
);
const lazyParentRegister = lazyRoute(
  () => import('../features/parents/pages/parent-register-page'),
  (m) => m.ParentRegisterPage,
);
const lazyVerifyEmailEntry = lazyRoute(
  () => import('../features/registration/pages/verify-email-entry-page'),
  (m) => m.VerifyEmailEntryPage,
);
const lazyVerifyEmail = lazyRoute(
  () => import('../features/registration/pages/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const lazyPasswordChange = lazyRoute(
  () => import('../features/registration/pages/password-change-page'),
  (m) => m.PasswordChangePage,
);
const lazyAccountPicker = lazyRoute(
  () => import('../features/auth/pages/account-picker-page'),
  (m) => m.AccountPickerPage,
);

const lazyTeacherInvitation = lazyRoute(
  () => import('../features/staff/pages/teacher-invitation-page'),
  (m) => m.TeacherInvitationPage,
);
const lazyMyClasses = lazyRoute(
  () => import('../features/staff/pages/my-classes-page'),
  (m) => m.MyClassesPage,
);

const loadOwnerPages = withChunkReload(() => import('./admin-routes'));

// Tests render the app and look for a page within a second; on a busy machine, loading the page's
// code inside that second is too slow. In tests they are loaded with the router instead, as when they
// were part of it. (A build is never in test mode: this is left out of it.)
if (import.meta.env.MODE === 'test') {
  await Promise.all(
    [
      lazySiteLayout,
      lazyAuthLayout,
      lazyParentLoginLayout,
      lazyLanding,
      lazyPrivacy,
      lazyTerms,
      lazyLogin,
      lazyRegister,
      lazyParentLogin,
      lazyParentRegister,
      lazyVerifyEmailEntry,
      lazyVerifyEmail,
      lazyPasswordChange,
      lazyAccountPicker,
      loadOwnerPages,
    ].map((load) => load()),
  );
}

const lazyAdminLayout = withChunkReload(() =>
  import('./layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })),
);
const lazyAdminHome = withChunkReload(() =>
  import('../features/admin/pages/admin-home-page').then((m) => ({ Component: m.AdminHomePage })),
);
const lazyParentLayout = withChunkReload(() =>
  import('./layouts/parent-layout').then((m) => ({ Component: m.ParentLayout })),
);
const lazyParentHome = withChunkReload(() =>
  import('../features/parents/pages/parent-home-page').then((m) => ({ Component: m.ParentHomePage })),
);
const lazyParentStatement = withChunkReload(() =>
  import('../features/parent-money/pages/parent-statement-page').then((m) => ({
    Component: m.ParentStatementPage,
  })),
);
// Recital tickets (issue 38, decision 077): the family's on the portal, the public's by the sale's link.
const lazyParentTickets = withChunkReload(() =>
  import('../features/recital-buy/pages/parent-tickets-page').then((m) => ({
    Component: m.ParentTicketsPage,
  })),
);
const lazyParentBuy = withChunkReload(() =>
  import('../features/recital-buy/pages/parent-buy-page').then((m) => ({ Component: m.ParentBuyPage })),
);
const lazyPublicSale = withChunkReload(() =>
  import('../features/recital-buy/public/public-sale-page').then((m) => ({ Component: m.PublicSalePage })),
);
const lazyTicket = withChunkReload(() =>
  import('../features/recital-buy/public/ticket-page').then((m) => ({ Component: m.TicketPage })),
);
const lazyTeacherLayout = withChunkReload(() =>
  import('./layouts/teacher-layout').then((m) => ({ Component: m.TeacherLayout })),
);
const lazyTeacherToday = withChunkReload(() =>
  import('../features/attendance/pages/teacher-today-page').then((m) => ({ Component: m.TeacherTodayPage })),
);
const lazyTeacherRoll = withChunkReload(() =>
  import('../features/attendance/pages/teacher-roll-page').then((m) => ({ Component: m.TeacherRollPage })),
);
const lazyTeacherRecital = withChunkReload(() =>
  import('../features/recital-door/pages/teacher-recital-page').then((m) => ({
    Component: m.TeacherRecitalPage,
  })),
);
const lazyClassRegistration = withChunkReload(() =>
  import('../features/class-registration/pages/class-registration-page').then((m) => ({
    Component: m.ClassRegistrationPage,
  })),
);

/** The route of the owner's pages, under which the owner's page table is added. */
const OWNER_PAGES = 'owner-pages';

/**
 * Adds the owner's pages to a router's routes when a path under /accounts/admin is opened and they are
 * not there yet (React Router's route discovery: such a path then matches only the catch-all, which
 * makes React Router ask). Their table, every section's path, title and loader, is the owner's alone, so
 * it is not in the first download every page makes, a parent's portal's included (issue 20). Each call
 * patches (a navigation cut short patches nothing, and React Router leaves out a route it has already).
 */
const ownerPagesOnDemand: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!OWNER_PATH.test(path)) return;
  const { adminChildRoutes } = await loadOwnerPages();
  patch(OWNER_PAGES, ownerChildren(adminChildRoutes()));
};

/** A path under the owner's pages (whose table is added on demand). */
const OWNER_PATH = /^\/accounts\/admin\//i;

const ownerChildren = (table: RouteObject[]): RouteObject[] => [
  ...table,
  { path: '*', Component: NotFoundPage },
];

/**
 * The owner's page table put in the app's routes themselves, before a router is made of them, as the
 * router would patch it in: for a page under it that the server renders (decision 097), whose router
 * must match the page from its first render (the server's static handler, the browser's hydration).
 */
export function withOwnerPages(table: RouteObject[]): void {
  const find = (list: RouteObject[]): RouteObject | undefined =>
    list.map((r) => (r.id === OWNER_PAGES ? r : find(r.children ?? []))).find(Boolean);
  const owner = find(routes);
  if (!owner) throw new Error("router.tsx: the owner's route has moved.");
  if ((owner.children?.length ?? 0) > 1) return;
  owner.children = [...(owner.children ?? []), ...ownerChildren(table)];
}

/** Every route of 000 §2. Paths match case-insensitively (React Router's default). */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullPageLoader,
    // Every page reads the session (the root layout's watch, the guards): on the first load it is in
    // the cache before the first render (lib/first-answers.ts, decision 083).
    loader: firstAnswers(() => [meQueryOptions()], { anyone: true }),
    errorElement: <RouteError />,
    children: [
      {
        lazy: lazySiteLayout,
        children: [
          { index: true, lazy: lazyLanding },
          { path: 'privacy', lazy: lazyPrivacy },
          { path: 'terms', lazy: lazyTerms },
        ],
      },
      {
        element: <RouteGuard access="guest" />,
        children: [
          {
            lazy: lazyAuthLayout,
            children: [
              { path: 'login', lazy: lazyLogin },
              { path: 'register', lazy: lazyRegister },
            ],
          },
          {
            path: 'parent/:pID?',
            lazy: lazyParentLoginLayout,
            children: [
              { index: true, lazy: lazyParentLogin },
              { path: 'register', lazy: lazyParentRegister },
            ],
          },
        ],
      },
      {
        lazy: lazyAuthLayout,
        children: [
          { path: 'verify/email', lazy: lazyVerifyEmailEntry },
          { path: 'verify/email/nt/:token?', lazy: lazyVerifyEmail },
          { path: 'verify/email/pass/:token?', lazy: lazyPasswordChange },
          { path: 'verify/email/:id', lazy: lazyVerifyEmail },
          // A studio's invitation to sign in as a teacher (issue 36, decision 061); its secret after '#'.
          { path: 'staff/invitation', lazy: lazyTeacherInvitation },
        ],
      },
      {
        element: <RouteGuard access="signed-in" />,
        children: [
          {
            lazy: lazyAuthLayout,
            children: [
              { path: 'accounts', lazy: lazyAccountPicker },
              { path: 'acounts', lazy: lazyAccountPicker },
            ],
          },
        ],
      },
      {
        element: <RouteGuard access="parent" />,
        children: [
          {
            path: 'accounts/parents',
            lazy: lazyParentLayout,
            children: [
              {
                index: true,
                lazy: lazyParentHome,
                // The portal's first screen renders once, with the family (decision 083).
                loader: firstAnswers(() => [parentAccountQuery()]),
              },
              { path: 'register', lazy: lazyClassRegistration },
              { path: 'statement', lazy: lazyParentStatement },
              { path: 'tickets', lazy: lazyParentTickets },
              { path: 'tickets/:showId', lazy: lazyParentBuy },
            ],
          },
        ],
      },
      {
        element: <RouteGuard access="teacher" />,
        children: [
          {
            path: 'accounts/teacher',
            lazy: lazyTeacherLayout,
            children: [
              { index: true, lazy: lazyTeacherToday },
              { path: 'roll/:classId/:date', lazy: lazyTeacherRoll },
              // The teacher's classes and privates (decision 061).
              { path: 'classes', lazy: lazyMyClasses },
              // The door and backstage on the recital's day (issue 38, decision 075).
              { path: 'recital', lazy: lazyTeacherRecital },
            ],
          },
        ],
      },
      {
        element: <RouteGuard access="owner" />,
        children: [
          {
            id: OWNER_PAGES,
            path: 'accounts/admin',
            lazy: lazyAdminLayout,
            // The other owner's pages are added when a path under it is first opened (below).
            children: [{ index: true, lazy: lazyAdminHome }],
          },
        ],
      },
      // A recital's public sale and one ticket by its code: no sign-in (issue 38, decision 077).
      { path: 'tickets/t/:code', lazy: lazyTicket },
      { path: 'tickets/:token', lazy: lazyPublicSale },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** The app's router; `hydrationData` for a page the server rendered (decision 093). */
export const createAppRouter = (hydrationData?: HydrationState) =>
  createBrowserRouter(routes, { patchRoutesOnNavigation: ownerPagesOnDemand, hydrationData });

/**
 * Loads the code of the routes `pathname` matches, before a page the server rendered is hydrated: the
 * router would otherwise render its loader first, not the page the server sent (decision 093).
 */
export async function loadRoutesOf(pathname: string): Promise<void> {
  if (OWNER_PATH.test(pathname)) withOwnerPages((await loadOwnerPages()).adminChildRoutes());
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** The same routes in memory, for tests. */
export const createTestRouter = (initialEntries: string[]) =>
  createMemoryRouter(routes, { initialEntries, patchRoutesOnNavigation: ownerPagesOnDemand });
