import { z } from 'zod';
import { yearTerm } from '../auth/schema';

export const yearTermList = z.array(yearTerm);
