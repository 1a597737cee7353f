import { closureCalls } from './attendance/closures-calls';
import * as makeups from './attendance/makeups-calls';
import * as attendanceReports from './attendance/reports-calls';
import { rollCalls } from './attendance/roll-calls';
import * as auth from './auth/calls';
import * as books from './books/calls';
import * as closing from './books/closing-calls';
import * as deposits from './books/deposit-calls';
import * as calendar from './calendar/calls';
import * as classRegistration from './class-registration/calls';
import * as competitions from './competitions/calls';
import { familyCompetitionCalls } from './competitions/family';
import * as competitionOverview from './competitions/overview-calls';
import * as competitionRegistration from './competitions/registration-calls';
import type { Call } from './contract';
import * as costumes from './costumes/calls';
import { familyCostumeCalls } from './costumes/family';
import * as discounts from './discounts/calls';
import * as families from './families/calls';
import * as genres from './genres/calls';
import * as health from './health/calls';
import { importCalls } from './imports/calls';
import { exportCalls } from './imports/export-calls';
import * as inputs from './inputs/calls';
import * as ledger from './ledger/calls';
import * as locations from './locations/calls';
import * as paymentSystem from './payment-system/calls';
import * as payments from './payments/calls';
import * as payouts from './payouts/calls';
import * as privates from './privates/calls';
import { backstageCalls } from './recitals/backstage-calls';
import { recitalCalls } from './recitals/calls';
import { doorCalls } from './recitals/door-calls';
import { recitalFeeCalls } from './recitals/fees-calls';
import { recitalReportCalls } from './recitals/reports-calls';
import { seatingCalls } from './recitals/seating-calls';
import { recitalShowCalls } from './recitals/shows-calls';
import * as recitalTickets from './recitals/tickets-calls';
import * as registration from './registration/calls';
import * as schedule from './schedule/calls';
import * as staff from './staff/calls';
import * as studioSettings from './studio-settings/calls';
import * as studioSetup from './studio-setup/calls';
import * as teachers from './teachers/calls';
import * as termsDocuments from './terms-documents/calls';
import * as tuitionPrices from './tuition-prices/calls';
import * as yearTerms from './year-terms/calls';

/**
 * The areas' declarations: each `<area>/calls.ts` exports only objects of calls (`genreCalls`), so a
 * new object is gathered here without a line of its own.
 */
const areas: Record<string, Record<string, Call>>[] = [
  health,
  auth,
  registration,
  yearTerms,
  studioSetup,
  studioSettings,
  genres,
  termsDocuments,
  locations,
  teachers,
  tuitionPrices,
  paymentSystem,
  discounts,
  schedule,
  classRegistration,
  privates,
  inputs,
  families,
  ledger,
  payments,
  payouts,
  costumes,
  { familyCostumeCalls },
  competitions,
  competitionRegistration,
  competitionOverview,
  { familyCompetitionCalls },
  calendar,
  books,
  closing,
  deposits,
  { importCalls },
  { exportCalls },
  { rollCalls },
  { closureCalls },
  attendanceReports,
  staff,
  makeups,
  { recitalCalls },
  { recitalShowCalls },
  { seatingCalls, doorCalls, backstageCalls },
  { recitalFeeCalls },
  { recitalReportCalls },
  recitalTickets,
];

/**
 * Every call of the API (decision 022). The server's routes and this list must be the same set:
 * `apps/api/test/declared-routes.test.ts`.
 */
export const allCalls: readonly Call[] = areas.flatMap((area) =>
  Object.values(area).flatMap((calls) => Object.values(calls)),
);
