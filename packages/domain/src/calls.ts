import type { Call } from './contract';
import { genreCalls } from './genres/calls';

/**
 * Every call of the API, gathered from the areas' declarations (decision 022). The server's routes and
 * this list must be the same set: `apps/api/test/declared-routes.test.ts`.
 */
export const allCalls: readonly Call[] = [genreCalls].flatMap((area) => Object.values(area));
