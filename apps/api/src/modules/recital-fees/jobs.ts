import { dateOnlySchema, idSchema } from '@pirouette/domain';
import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** The recital fees' job (decision 073); its handler is in job-handlers.ts. */
export const recitalFeeJobs = {
  /**
   * Keyed `<recital>:<day>`, due early the next morning: the run of that day for dancers who joined the
   * recital later (or left it), as the owner's "Post recital fees" does; then the next day, until the
   * recital's last day. Queued first by the owner's first posting.
   */
  feesDay: defineJob({
    kind: 'recital-fees.day',
    payload: z.object({ recitalId: idSchema, day: dateOnlySchema }),
    summary:
      'Posts the recital fee for dancers who joined later, takes it off for those who left before its date',
  }),
};
