import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { adminChildRoutes } from '../features/admin/admin-routes';
import { AccountPickerPage } from '../features/auth/pages/account-picker-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { ParentLoginPage } from '../features/parents/pages/parent-login-page';
import { ParentRegisterPage } from '../features/parents/pages/parent-register-page';
import { LandingPage } from '../features/public/pages/landing-page';
import { PrivacyPage } from '../features/public/pages/privacy-page';
import { TermsPage } from '../features/public/pages/terms-page';
import { PasswordChangePage } from '../features/registration/pages/password-change-page';
import { RegisterPage } from '../features/registration/pages/register-page';
import { VerifyEmailEntryPage } from '../features/registration/pages/verify-email-entry-page';
import { VerifyEmailPage } from '../features/registration/pages/verify-email-page';
import { withChunkReload } from '../lib/chunk-reload';
import { RouteGuard } from './guards/route-guard';
import { AuthLayout } from './layouts/auth-layout';
import { ParentLoginLayout } from './layouts/parent-login-layout';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { RouteError } from './route-error';

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

/** Every route of 000 §2. Paths match case-insensitively (React Router's default). */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullPageLoader,
    errorElement: <RouteError />,
    children: [
      {
        Component: SiteLayout,
        children: [
          { index: true, Component: LandingPage },
          { path: 'privacy', Component: PrivacyPage },
          { path: 'terms', Component: TermsPage },
        ],
      },
      {
        element: <RouteGuard access="guest" />,
        children: [
          {
            Component: AuthLayout,
            children: [
              { path: 'login', Component: LoginPage },
              { path: 'register', Component: RegisterPage },
            ],
          },
          {
            path: 'parent/:pID?',
            Component: ParentLoginLayout,
            children: [
              { index: true, Component: ParentLoginPage },
              { path: 'register', Component: ParentRegisterPage },
            ],
          },
        ],
      },
      {
        Component: AuthLayout,
        children: [
          { path: 'verify/email', Component: VerifyEmailEntryPage },
          { path: 'verify/email/nt/:token?', Component: VerifyEmailPage },
          { path: 'verify/email/pass/:token?', Component: PasswordChangePage },
          { path: 'verify/email/:id', Component: VerifyEmailPage },
        ],
      },
      {
        element: <RouteGuard access="signed-in" />,
        children: [
          {
            Component: AuthLayout,
            children: [
              { path: 'accounts', Component: AccountPickerPage },
              { path: 'acounts', Component: AccountPickerPage },
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
            children: [{ index: true, lazy: lazyParentHome }],
          },
        ],
      },
      {
        element: <RouteGuard access="owner" />,
        children: [
          {
            path: 'accounts/admin',
            lazy: lazyAdminLayout,
            children: [
              { index: true, lazy: lazyAdminHome },
              ...adminChildRoutes(),
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/** The same routes in memory, for tests. */
export const createTestRouter = (initialEntries: string[]) => createMemoryRouter(routes, { initialEntries });
