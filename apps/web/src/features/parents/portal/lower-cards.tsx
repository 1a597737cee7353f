import { Skeleton } from '@mantine/core';
import { lazyNearViewport } from '../../../components/near-viewport';

/**
 * The portal's cards below its first screen (issue 20 point 4): each one's code, and so its data, is
 * downloaded as it comes within a screen of being seen, not with the portal, whose first download is
 * the students, the family's contact information and the studio's terms. Until then a card is a
 * skeleton of about its height, so the page below the reader settles little as they arrive.
 */
/** Within half a screen: a card is there before the reader, its chunk and its data being small. */
const AHEAD = '50% 0px';

const card = (label: string, height: number) => () => (
  <Skeleton h={height} radius="lg" aria-busy="true" aria-label={`Loading ${label}`} />
);

// The balance card, just below the welcome, is rendered as it comes near too, but its code comes with the
// first screen's (apps/web/vite.config.ts, FIRST_SCREENS): on a computer's screen it is near at once.
export const MoneyCard = lazyNearViewport(
  () => import('../../parent-money/components/money-card').then((m) => m.MoneyCard),
  card('the balance', 560),
  AHEAD,
);
export const PaymentMethodCard = lazyNearViewport(
  () => import('../../cards/components/payment-method-card').then((m) => m.PaymentMethodCard),
  card('the payment method', 220),
  AHEAD,
);
export const BackupMethodCard = lazyNearViewport(
  () => import('../../cards/components/backup-method-card').then((m) => m.BackupMethodCard),
  card('the backup payment method', 200),
);
export const BankAccountCard = lazyNearViewport(
  () => import('../../cards/components/bank-account-card').then((m) => m.BankAccountCard),
  card('the bank account', 160),
  AHEAD,
);
export const AutopayCard = lazyNearViewport(
  () => import('../../autopay/components/autopay-card').then((m) => m.AutopayCard),
  card('automatic payments', 200),
  AHEAD,
);
export const TuitionCard = lazyNearViewport(
  () => import('./tuition-card').then((m) => m.TuitionCard),
  card('tuition and payments', 900),
  AHEAD,
);
export const ParentCostumesCard = lazyNearViewport(
  () => import('../../costumes/family/family-costumes-card').then((m) => m.ParentCostumesCard),
  card('the costumes', 480),
  AHEAD,
);
export const ParentCompetitionsCard = lazyNearViewport(
  () => import('../../competitions/family/family-competitions-card').then((m) => m.ParentCompetitionsCard),
  card('the competitions', 480),
  AHEAD,
);
export const CalendarFeedCard = lazyNearViewport(
  () => import('../../calendar/calendar-feed-card').then((m) => m.CalendarFeedCard),
  card('the calendar', 220),
  AHEAD,
);
export const PeopleSection = lazyNearViewport(
  () => import('../../families/components/people-section').then((m) => m.PeopleSection),
  card('the users and contacts', 420),
  AHEAD,
);
export const FamilyDataCard = lazyNearViewport(
  () => import('../../data-export/components/family-data-card').then((m) => m.FamilyDataCard),
  card("your family's data", 200),
  AHEAD,
);
export const ParentAttendanceCard = lazyNearViewport(
  () =>
    import('../../attendance-reports/components/family-attendance-card').then((m) => m.ParentAttendanceCard),
  card('attendance', 260),
  AHEAD,
);
export const PortalTicketsCard = lazyNearViewport(
  () => import('../../recital-buy/components/portal-tickets-card').then((m) => m.PortalTicketsCard),
  card('the recital tickets', 120),
  AHEAD,
);
export const MakeupsCard = lazyNearViewport(
  () => import('../../makeups/components/makeups-card').then((m) => m.MakeupsCard),
  card('the make-up classes', 160),
  AHEAD,
);
