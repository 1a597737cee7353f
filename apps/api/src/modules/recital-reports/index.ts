/**
 * The recital's reports (issue 38 item 7, decision 076): tickets per show and section, income and
 * processor fees, seats left, the families who bought, the per-dancer sheet, and their CSV files.
 */
export { recitalReportRoutes } from './reports.routes';
