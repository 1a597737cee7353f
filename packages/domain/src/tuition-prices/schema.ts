import { z } from 'zod';
import { requiredName, requiredNumber, requiredObject, requiredRecordId } from '../fields';
import { holders } from '../format';
import { messages } from '../messages';
import { dollarsToCents, MAX_AMOUNT_CENTS } from '../money';

/**
 * Class and private tuition prices of a year term (002 §3, §5). `price` travels in DOLLARS with at most
 * two decimals (60 or 60.5 or 60.25), as the screens show it; the schemas below turn it into cents, which
 * is what the database and the money rules hold. Answers carry dollars again (`centsToDollars`).
 */

/** A class lasts 15 minutes to 5 hours. */
export const CLASS_DURATION_MINUTES = { min: 15, max: 300 } as const;
/** A private lesson is for one dancer (solo) up to a group. */
export const PRIVATE_DANCERS = { min: 1, max: 30 } as const;
/** The largest price, in dollars: the money rules' MAX_AMOUNT_CENTS. */
export const MAX_PRICE_DOLLARS = MAX_AMOUNT_CENTS / 100;

export const tuitionPriceMessages = {
  duration: `The duration is ${CLASS_DURATION_MINUTES.min} to ${CLASS_DURATION_MINUTES.max} minutes.`,
  priceRange: `The price is $0.00 to $${MAX_PRICE_DOLLARS.toLocaleString('en-US')}.00.`,
  priceCents: 'The price has at most two decimals (cents).',
  nDancers: `The number of dancers is ${PRIVATE_DANCERS.min} to ${PRIVATE_DANCERS.max}.`,
  notFound: 'This tuition price could not be found.',
  /** A class price that classes name, e.g. "60 min · $65.00 is the price of 2 classes. …". */
  classPriceInUse: (price: string, classes: number) => {
    const h = holders([[classes, 'class', 'classes']]);
    return `${price} is the price of ${h.text}. Give ${h.pronoun} another price or delete ${h.pronoun} before deleting this price.`;
  },
  /** A private price that private lessons name. */
  privatePriceInUse: (price: string, privates: number) => {
    const h = holders([[privates, 'private lesson', 'private lessons']]);
    return `${price} is the price of ${h.text}. Give ${h.pronoun} another price or delete ${h.pronoun} before deleting this price.`;
  },
} as const;

function isWholeCents(dollars: number): boolean {
  try {
    dollarsToCents(dollars);
    return true;
  } catch {
    return false;
  }
}

/** A price in dollars as entered, to cents. Missing is 'insufficient data'. */
export const tuitionPriceDollars = requiredNumber()
  .min(0, tuitionPriceMessages.priceRange)
  .max(MAX_PRICE_DOLLARS, tuitionPriceMessages.priceRange)
  .refine(isWholeCents, tuitionPriceMessages.priceCents)
  .transform(dollarsToCents);

const duration = requiredNumber()
  .int(tuitionPriceMessages.duration)
  .min(CLASS_DURATION_MINUTES.min, tuitionPriceMessages.duration)
  .max(CLASS_DURATION_MINUTES.max, tuitionPriceMessages.duration);

const nDancers = requiredNumber()
  .int(tuitionPriceMessages.nDancers)
  .min(PRIVATE_DANCERS.min, tuitionPriceMessages.nDancers)
  .max(PRIVATE_DANCERS.max, tuitionPriceMessages.nDancers);

const applyDiscount = z.boolean({ error: messages.insufficientData });

/** A class price as the edit form holds it: every field, as 002 §5 requires. */
export const classTuitionFields = requiredObject({
  yearTermID: requiredRecordId,
  duration,
  price: tuitionPriceDollars,
  applyDiscount,
});
export type ClassTuitionFieldsInput = z.input<typeof classTuitionFields>;
/** Parsed: `price` in cents. */
export type ClassTuitionValues = z.output<typeof classTuitionFields>;

/** POST api/mystudio/tuition/classes: applyDiscount defaults to true. */
export const newClassTuitionInput = classTuitionFields.extend({ applyDiscount: applyDiscount.default(true) });
export type NewClassTuitionInput = z.input<typeof newClassTuitionInput>;

/** PUT api/mystudio/tuition/classes */
export const updateClassTuitionInput = requiredObject({ id: requiredRecordId, data: classTuitionFields });
export type UpdateClassTuitionInput = z.input<typeof updateClassTuitionInput>;

/** A private-lesson price as the edit form holds it (002 §5: edit also needs nDancers and applyDiscount). */
export const privateTuitionFields = requiredObject({
  yearTermID: requiredRecordId,
  name: requiredName(),
  nDancers,
  price: tuitionPriceDollars,
  applyDiscount,
});
export type PrivateTuitionFieldsInput = z.input<typeof privateTuitionFields>;
/** Parsed: `price` in cents. */
export type PrivateTuitionValues = z.output<typeof privateTuitionFields>;

/** POST api/mystudio/tuition/privates: name, price and yearTermID; nDancers 1 and applyDiscount true by default. */
export const newPrivateTuitionInput = privateTuitionFields.extend({
  nDancers: nDancers.default(PRIVATE_DANCERS.min),
  applyDiscount: applyDiscount.default(true),
});
export type NewPrivateTuitionInput = z.input<typeof newPrivateTuitionInput>;

/** PUT api/mystudio/tuition/privates */
export const updatePrivateTuitionInput = requiredObject({ id: requiredRecordId, data: privateTuitionFields });
export type UpdatePrivateTuitionInput = z.input<typeof updatePrivateTuitionInput>;

/** A class price as the API answers it; `price` in dollars. */
export const classTuition = z.object({
  id: z.string(),
  yearTermID: z.string(),
  duration: z.number().int(),
  price: z.number(),
  applyDiscount: z.boolean(),
});
export type ClassTuition = z.infer<typeof classTuition>;
export const classTuitionList = z.array(classTuition);

/** A private-lesson price as the API answers it; `price` in dollars. */
export const privateTuition = z.object({
  id: z.string(),
  yearTermID: z.string(),
  name: z.string(),
  nDancers: z.number().int(),
  price: z.number(),
  applyDiscount: z.boolean(),
});
export type PrivateTuition = z.infer<typeof privateTuition>;
export const privateTuitionList = z.array(privateTuition);
