import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { withChunkReload } from '../lib/chunk-reload';
import { ADMIN_EXTRA_SECTIONS, ADMIN_SECTIONS, type AdminSection } from './paths/admin-sections';

/** Names of the path segments that group admin pages, for the breadcrumb. */
const SEGMENT_CRUMBS: Record<string, string> = {
  accounts: 'Accounts',
  registrations: 'Registrations',
  transactions: 'Transactions',
  myStudio: 'Studio',
  staff: 'Staff',
  schedule: 'Schedule',
  costumes: 'Costumes',
  competition: 'Competition',
  recital: 'Recital',
};

/** Pages with their own screen; the others share the titled empty-state page. */
const pageLoaders: Record<string, () => Promise<{ Component: ComponentType }>> = {
  accounts: () =>
    import('../features/accounts/pages/accounts-list-page').then((m) => ({ Component: m.AccountsListPage })),
  'registrations/pending': () =>
    import('../features/approvals/pages/approvals-page').then((m) => ({ Component: m.ApprovalsPage })),
  'registrations/new': () =>
    import('../features/class-registration/pages/owner-registration-page').then((m) => ({
      Component: m.OwnerRegistrationPage,
    })),
  'accounts/payments': () =>
    import('../features/money-pages/pages/payments-page').then((m) => ({ Component: m.PaymentsPage })),
  'accounts/payments-auto-charge': () =>
    import('../features/autopay/pages/autopay-page').then((m) => ({ Component: m.AutopayPage })),
  transactions: () =>
    import('../features/money-pages/pages/transactions-page').then((m) => ({
      Component: m.TransactionsPage,
    })),
  'schedule/attendance-reports': () =>
    import('../features/attendance-reports/pages/attendance-reports-page').then((m) => ({
      Component: m.AttendanceReportsPage,
    })),
  'transactions/books': () =>
    import('../features/books/pages/books-page').then((m) => ({ Component: m.BooksPage })),
  'recital/tickets': () =>
    import('../features/recital-tickets/pages/recital-tickets-page').then((m) => ({
      Component: m.RecitalTicketsPage,
    })),
  'transactions/payouts': () =>
    import('../features/payouts/pages/payouts-page').then((m) => ({ Component: m.PayoutsPage })),
  'transactions/bank-returns': () =>
    import('../features/bank-returns/pages/bank-returns-page').then((m) => ({
      Component: m.BankReturnsPage,
    })),
  'transactions/deposits': () =>
    import('../features/deposits/pages/deposits-page').then((m) => ({ Component: m.DepositsPage })),
  'transactions/deposits/:id': () =>
    import('../features/deposits/pages/deposit-slip-page').then((m) => ({ Component: m.DepositSlipPage })),
  'transactions/closing': () =>
    import('../features/closing/pages/closing-page').then((m) => ({ Component: m.ClosingPage })),
  'accounts/:id': () =>
    import('../features/accounts/pages/account-overview-page').then((m) => ({
      Component: m.AccountOverviewPage,
    })),
  'myStudio/dance-year': () =>
    import('../features/year-terms/pages/dance-year-page').then((m) => ({ Component: m.DanceYearPage })),
  'myStudio/locations': () =>
    import('../features/locations/pages/locations-page').then((m) => ({ Component: m.LocationsPage })),
  'myStudio/payment-system': () =>
    import('../features/payment-system/pages/payment-system-page').then((m) => ({
      Component: m.PaymentSystemPage,
    })),
  'myStudio/get-paid': () =>
    import('../features/get-paid/pages/get-paid-page').then((m) => ({ Component: m.GetPaidPage })),
  'myStudio/discounts': () =>
    import('../features/discounts/pages/discounts-page').then((m) => ({ Component: m.DiscountsPage })),
  'myStudio/document': () =>
    import('../features/terms-documents/pages/documents-page').then((m) => ({ Component: m.DocumentsPage })),
  'myStudio/settings': () =>
    import('../features/studio-settings/pages/studio-settings-page').then((m) => ({
      Component: m.StudioSettingsPage,
    })),
  'myStudio/import': () =>
    import('../features/imports/pages/import-page').then((m) => ({ Component: m.ImportPage })),
  'myStudio/import/invitations': () =>
    import('../features/imports/pages/invitations-page').then((m) => ({ Component: m.InvitationsPage })),
  'schedule/class': () =>
    import('../features/schedule/pages/class-schedule-page').then((m) => ({
      Component: m.ClassSchedulePage,
    })),
  'schedule/attendance': () =>
    import('../features/attendance/pages/attendance-page').then((m) => ({ Component: m.AttendancePage })),
  privates: () =>
    import('../features/privates/pages/privates-page').then((m) => ({ Component: m.PrivatesPage })),
  'schedule/closures': () =>
    import('../features/closures/pages/closures-page').then((m) => ({ Component: m.ClosuresPage })),
  staff: () =>
    import('../features/teachers/pages/teachers-page').then((m) => ({ Component: m.TeachersPage })),
  'staff/registration': () =>
    import('../features/staff/pages/staff-registration-page').then((m) => ({
      Component: m.StaffRegistrationPage,
    })),
  'costumes/companies': () =>
    import('../features/costumes/pages/costume-companies-page').then((m) => ({
      Component: m.CostumeCompaniesPage,
    })),
  'costumes/numbers': () =>
    import('../features/costumes/pages/dance-number-costumes-page').then((m) => ({
      Component: m.DanceNumberCostumesPage,
    })),
  'competition/companies': () =>
    import('../features/competitions/pages/competition-companies-page').then((m) => ({
      Component: m.CompetitionCompaniesPage,
    })),
  'competition/overview': () =>
    import('../features/competitions/pages/competition-overview-page').then((m) => ({
      Component: m.CompetitionOverviewPage,
    })),
  'competition/registration': () =>
    import('../features/competitions/pages/competition-registration-page').then((m) => ({
      Component: m.CompetitionRegistrationPage,
    })),
  'costumes/deposits': () =>
    import('../features/costumes/pages/costume-deposits-page').then((m) => ({
      Component: m.CostumeDepositsPage,
    })),
  'costumes/balances': () =>
    import('../features/costumes/pages/costume-balances-page').then((m) => ({
      Component: m.CostumeBalancesPage,
    })),
  'costumes/order-new': () =>
    import('../features/costumes/pages/costume-order-page').then((m) => ({ Component: m.CostumeOrderPage })),
};

function sectionRoute(section: AdminSection, rest: string): RouteObject {
  const load =
    pageLoaders[section.path] ??
    (() => import('../features/admin/pages/section-page').then((m) => ({ Component: m.SectionPage })));
  const lazy = withChunkReload(load);
  const handle = { crumb: section.label, section: section.path };
  return rest ? { path: rest, handle, lazy } : { index: true, handle, lazy };
}

/** The admin pages under /accounts/admin, nested by their first path segment so the breadcrumb follows. */
export function adminChildRoutes(): RouteObject[] {
  const groups = new Map<string, RouteObject[]>();
  const order: string[] = [];
  for (const section of [...ADMIN_SECTIONS, ...ADMIN_EXTRA_SECTIONS]) {
    const [first = '', ...others] = section.path.split('/');
    if (!groups.has(first)) {
      groups.set(first, []);
      order.push(first);
    }
    groups.get(first)?.push(sectionRoute(section, others.join('/')));
  }
  return order.map((segment) => {
    const children = groups.get(segment) ?? [];
    const crumb = SEGMENT_CRUMBS[segment];
    const hasIndex = children.some((c) => c.index);
    return { path: segment, handle: crumb ? { crumb, link: hasIndex } : undefined, children };
  });
}
