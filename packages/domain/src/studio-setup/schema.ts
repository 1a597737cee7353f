import { z } from 'zod';
import { messages } from '../messages';

/**
 * The setup checklist of a new studio (issue 13 item 19): what an owner does before families can
 * register, in order, each ticked when the studio's own data shows it done.
 */
export const SETUP_STEPS = [
  'locations',
  'yearTerm',
  'teachers',
  'classPrices',
  'privatePrices',
  'registrationFee',
  'classes',
  'terms',
  'parentLink',
  'getPaid',
] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number];

/** The steps the owner ticks themselves, since nothing in the studio's data can show them done. */
export const MARKABLE_SETUP_STEPS = ['registrationFee', 'terms', 'parentLink'] as const;
export type MarkableSetupStep = (typeof MARKABLE_SETUP_STEPS)[number];

/**
 * Private lessons are a choice: a studio that teaches none has nothing to price. Card payments too: a
 * studio may take checks and cash only (decision 049), so its merchant account is not counted.
 */
export const OPTIONAL_SETUP_STEPS: readonly SetupStepKey[] = ['privatePrices', 'getPaid'];

/** What each step asks and when it counts as done, in the product's voice. */
export const SETUP_STEP_TEXTS: Record<SetupStepKey, { title: string; text: string }> = {
  locations: {
    title: 'Add your location and its rooms',
    text: 'Classes are taught in rooms: add the studio’s address and at least one room.',
  },
  yearTerm: {
    title: 'Set the current year term',
    text: 'The season the schedule, prices and registrations belong to. Check its dates.',
  },
  teachers: {
    title: 'Add your teachers',
    text: 'Every class and private lesson names its teacher.',
  },
  classPrices: {
    title: 'Set your class prices',
    text: 'A price per class length for the current year term.',
  },
  privatePrices: {
    title: 'Set your private lesson prices',
    text: 'If you teach private lessons: a price for solos, duets and groups. Skip it if you do not.',
  },
  registrationFee: {
    title: 'Confirm your registration fee',
    text: 'Each family pays it once per year term, with its first registration. A new studio starts at $35.00: keep it, or set your own.',
  },
  classes: {
    title: 'Schedule your classes',
    text: 'The weekly classes of the current year term, in your rooms, with their teachers and prices.',
  },
  terms: {
    title: 'Review your terms documents',
    text: 'Parents accept the studio rules and the media release when they register: make sure they say what you mean.',
  },
  parentLink: {
    title: 'Share the parent sign-up link',
    text: 'Families register themselves through your studio’s link: copy it and send it to them.',
  },
  getPaid: {
    title: 'Get paid by card',
    text: 'Open your merchant account: your business, its owner and the bank account card payments are paid into. Until the card processor approves it, families pay by check or cash.',
  },
};

export const setupStep = z.object({
  key: z.enum(SETUP_STEPS),
  done: z.boolean(),
  optional: z.boolean(),
});
export type SetupStep = z.infer<typeof setupStep>;

/** GET api/mystudio/setup: the checklist, and how much of what is required is done. */
export const studioSetupAnswer = z.object({
  steps: z.array(setupStep),
  /** Required steps done, of all required steps (optional ones are not counted). */
  nDone: z.number().int(),
  nSteps: z.number().int(),
  complete: z.boolean(),
});
export type StudioSetup = z.infer<typeof studioSetupAnswer>;

/** POST api/mystudio/setup/{step}: the owner ticks a step only they can know is done. */
export const setupStepParams = z.object({
  step: z.enum(MARKABLE_SETUP_STEPS, { error: messages.invalidInput }),
});

/** The checklist's answer from which steps are done. */
export function studioSetup(done: Record<SetupStepKey, boolean>): StudioSetup {
  const steps = SETUP_STEPS.map((key) => ({
    key,
    done: done[key],
    optional: OPTIONAL_SETUP_STEPS.includes(key),
  }));
  const required = steps.filter((s) => !s.optional);
  const nDone = required.filter((s) => s.done).length;
  return { steps, nDone, nSteps: required.length, complete: nDone === required.length };
}

export const setupMessages = {
  marked: 'Marked as done.',
} as const;
