import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** The tickets module's jobs (decision 074); their handlers are in job-handlers.ts. */
export const ticketJobs = {
  /**
   * Keyed `sweep:<instant>` (a five-minute mark after a hold ends): ends every hold run out, so the seat
   * map is right without waiting for the next buyer, and looks up the orders whose payment's answer was
   * lost. Idempotent: a second run finds nothing held past its end.
   */
  sweep: defineJob({
    kind: 'tickets.sweep',
    payload: z.object({}),
    summary: 'Ends the ticket holds that ran out and looks up payments whose answer was lost',
  }),
  /** Keyed by the order: its payment's answer was lost, so the processor is asked by its idempotency id. */
  reconcile: defineJob({
    kind: 'tickets.reconcile',
    payload: z.object({ orderId: z.string().uuid() }),
    summary: "Finds a ticket order's payment at the processor by its idempotency id and settles the order",
  }),
};
