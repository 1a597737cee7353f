import { recitalReportCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/call';

const c = recitalReportCalls;

/** Per show and section: tickets, seats left, income and fees. */
export const useReportSummary = (id: string) => useQuery(callQuery(c.summary, { params: { id } }));

/** The families who bought, 50 a page; the last page asked stays shown meanwhile. */
export const useReportBuyers = (id: string, page: number) =>
  useQuery({
    ...callQuery(c.buyers, { params: { id }, query: { page } }),
    placeholderData: keepPreviousData,
  });

/** The per-dancer sheet, 50 dancers a page. */
export const useReportDancers = (id: string, page: number) =>
  useQuery({
    ...callQuery(c.dancers, { params: { id }, query: { page } }),
    placeholderData: keepPreviousData,
  });

/** The four files, for the download buttons. */
export const REPORT_FILES = [
  { call: c.salesCsv, label: 'Tickets (CSV)' },
  { call: c.incomeCsv, label: 'Income (CSV)' },
  { call: c.buyersCsv, label: 'Families (CSV)' },
  { call: c.dancersCsv, label: 'Dancers (CSV)' },
] as const;
