import { z } from 'zod';

/** GET api/health: the server is up, its database answers, and which database it runs on. */
export const healthAnswer = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
