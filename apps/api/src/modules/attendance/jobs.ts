import { dateOnlySchema } from '@pirouette/domain';
import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** The attendance module's jobs (decision 064); their handlers are in job-handlers.ts. */
export const attendanceJobs = {
  /**
   * Keyed `<studio>:<day>`, due at 01:00 studio time: expires the open make-up credits whose last day has
   * passed, marks used the booked ones whose meeting has passed, reminds of credits about to expire, and
   * queues the next day (one chain per studio, like the billing day).
   */
  makeupsDay: defineJob({
    kind: 'makeups.day',
    payload: z.object({ day: dateOnlySchema }),
    summary: 'Expires unused make-up credits, marks booked ones used, reminds of those about to expire',
  }),
};
