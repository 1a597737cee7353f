import { z } from 'zod';
import { dateOnlySchema } from '../dates';
import { insufficientIfEmpty, longText, optionalLine, requiredName, requiredRecordId, text } from '../fields';
import { formatDateOnly } from '../format';
import { idSaying, idSchema } from '../ids';
import { dollarsSchema, MAX_AMOUNT_CENTS } from '../money';
import { CHART_MEASURES, inchesToTenths } from './rules';

/**
 * Costumes (issue 18, decision 029; 002 §3 "Costume style", "Size-colour entry", "Costume company",
 * "Assigned costume", "Outfit"; §7 "Costumes"). Money crosses the API in dollars and is kept in cents;
 * measurements cross it in inches with one decimal and are kept in tenths of an inch.
 */

export const COSTUME_TEXT = {
  companyNotFound: 'This costume company could not be found.',
  companyAdded: 'Costume company added.',
  companySaved: 'Costume company saved.',
  companyDeleted: 'Costume company deleted.',
  companyHasStyles: (n: number) =>
    `This costume company has ${n === 1 ? 'a style' : `${n} styles`} on dance numbers or assigned to dancers: it is kept with ${n === 1 ? 'its style' : 'them'}.`,
  chartSaved: 'Size chart saved.',
  sizeRequired: 'Every size of the chart needs a name.',
  sizeTwice: (size: string) => `Size ${size} is in the chart twice.`,
  rangeReversed: (size: string, measure: string) =>
    `Size ${size}: the smallest ${measure} is above the largest.`,
  numberNotFound: 'This dance number could not be found.',
  styleNotFound: 'This costume could not be found.',
  styleSaved: 'Costume saved on the dance number.',
  priceNotFound: 'This size and colour of the costume could not be found.',
  dancerNotFound: 'This dancer is not in this dance number.',
  dancerInactive: 'This dancer no longer dances this number: turn them active first.',
  notOnNumber: "This costume is not on the dancer's dance number: add it to the number first.",
  alreadyAssigned: (size: string, color: string) =>
    `This dancer already has this costume${size || color ? ` (${[size, color].filter(Boolean).join(', ')})` : ''}: remove it first to change its size or colour.`,
  assigned: 'Costume assigned.',
  assignmentNotFound: 'This costume assignment could not be found.',
  assignmentRemoved: 'Costume removed from the dancer.',
  depositRemoved: "Costume removed from the dancer, and its deposit taken off the family's bill.",
  depositKept: (until: string) =>
    `The deposit stays on the family's bill: it was refundable until ${formatDateOnly(until)}.`,
  referenceNotFound: 'This costume is not on this dance number.',
  referenceAssigned: "Unable to remove costume while it's assigned to a student.",
  referenceRemoved: 'Costume removed from the dance number.',
  studentNotFound: 'This student could not be found.',
  measurementsEmpty: 'Please enter at least one measurement.',
  measurementsSaved: 'Measurements saved.',
  settingsSaved: 'Costume settings saved.',
  percentTooLarge: 'A deposit cannot be more than 100% of the price.',
} as const;

export const COSTUME_NAME_MAX = 120;
export const STYLE_NUMBER_MAX = 40;
export const SIZE_MAX = 20;
export const COLOR_MAX = 40;
export const CHART_SIZES_MAX = 40;
export const STYLE_OPTIONS_MAX = 40;
export const SIZE_COLORS_MAX = 400;
/** The largest measurement taken: 99.9 inches (a tall dancer's girth is about 70). */
export const MEASURE_MAX_INCHES = 99.9;

/** Inches with at most one decimal, 0–99.9, kept as whole tenths. */
export const inches = z
  .number()
  .min(0, 'Measurements cannot be negative.')
  .max(MEASURE_MAX_INCHES, `Measurements are at most ${MEASURE_MAX_INCHES} inches.`)
  .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6, 'Measurements are in tenths of an inch.')
  .transform(inchesToTenths);

/** A price at the API edge: dollars with two decimals, kept as cents. */
const price = z
  .number()
  .pipe(dollarsSchema)
  .refine((c) => c >= 0 && c <= MAX_AMOUNT_CENTS, 'Please enter a price from $0.00 to $100,000.00.');

const sizeText = text(SIZE_MAX, 'Size');
const colorText = optionalLine(COLOR_MAX, 'Colour');

// ——— Companies and their size charts ———

export const costumeCompanyInput = z.object({
  name: requiredName('The company name'),
  email: optionalLine(120, 'E-mail').optional().default(''),
  phone: optionalLine(30, 'Phone').optional().default(''),
  website: optionalLine(200, 'Website').optional().default(''),
  notes: longText(2000).optional().default(''),
});
export type CostumeCompanyInput = z.input<typeof costumeCompanyInput>;

export const costumeCompanyItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  notes: z.string(),
  /** The chart's sizes, in chart order. */
  sizes: z.array(z.string()),
  /** How many styles of this company the studio has. */
  styles: z.number().int(),
});
export type CostumeCompanyItem = z.infer<typeof costumeCompanyItem>;
export const costumeCompanyList = z.array(costumeCompanyItem);

const range = {
  girthMin: inches.nullable().optional().default(null),
  girthMax: inches.nullable().optional().default(null),
  chestMin: inches.nullable().optional().default(null),
  chestMax: inches.nullable().optional().default(null),
  hipsMin: inches.nullable().optional().default(null),
  hipsMax: inches.nullable().optional().default(null),
};

export const sizeChartRowInput = z.object({ size: z.string().pipe(sizeText), ...range });

/** `PUT …/company/size-chart/{id}`: the whole chart, smallest size first. */
export const sizeChartInput = z.object({
  chart: z
    .array(
      z.object({
        size: z
          .string({ error: COSTUME_TEXT.sizeRequired })
          .trim()
          .min(1, COSTUME_TEXT.sizeRequired)
          .pipe(sizeText),
        ...range,
      }),
    )
    .max(CHART_SIZES_MAX, `A size chart has at most ${CHART_SIZES_MAX} sizes.`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const key = row.size.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [i, 'size'], message: COSTUME_TEXT.sizeTwice(row.size) });
        }
        seen.add(key);
        for (const m of CHART_MEASURES) {
          const min = row[`${m}Min`];
          const max = row[`${m}Max`];
          if (min !== null && max !== null && min > max) {
            ctx.addIssue({
              code: 'custom',
              path: [i, `${m}Min`],
              message: COSTUME_TEXT.rangeReversed(row.size, m),
            });
          }
        }
      });
    }),
});
export type SizeChartInput = z.input<typeof sizeChartInput>;

const inchesOut = z.number().nullable();
export const sizeChartRow = z.object({
  size: z.string(),
  girthMin: inchesOut,
  girthMax: inchesOut,
  chestMin: inchesOut,
  chestMax: inchesOut,
  hipsMin: inchesOut,
  hipsMax: inchesOut,
});
export type SizeChartRow = z.infer<typeof sizeChartRow>;
export const sizeChartAnswer = z.object({ id: z.string(), name: z.string(), chart: z.array(sizeChartRow) });
export type SizeChartAnswer = z.infer<typeof sizeChartAnswer>;

// ——— Styles on dance numbers, and their size-colour entries ———

/** `POST …/style`: the spec's body. `company` (the company's name) is accepted and not needed. */
export const styleInput = z.object({
  costCoID: requiredRecordId,
  styleNumber: insufficientIfEmpty(text(STYLE_NUMBER_MAX, 'The style number')),
  styleName: requiredName('The style name'),
  dncNumID: requiredRecordId,
  company: z.string().max(200).optional(),
});
export type StyleInput = z.input<typeof styleInput>;

export const sizeColorInput = z.object({
  size: z.string().pipe(sizeText),
  color: colorText.optional().default(''),
  price_buy: price,
  price_sell: price,
});

const options = (label: string, max: number) =>
  z
    .array(z.string().pipe(text(max, label)))
    .max(STYLE_OPTIONS_MAX, `A costume has at most ${STYLE_OPTIONS_MAX} ${label.toLowerCase()}s.`)
    .optional()
    .default([]);

/** `POST …/v2/style` (ours, decision 029): the style with its size groups, colours and entries at once. */
export const styleV2Input = styleInput.extend({
  sizeGroups: options('Size group', SIZE_MAX),
  colors: options('Colour', COLOR_MAX),
  notes: longText(2000).optional().default(''),
  sizeColors: z
    .array(sizeColorInput)
    .max(SIZE_COLORS_MAX, `A costume has at most ${SIZE_COLORS_MAX} sizes and colours.`)
    .optional()
    .default([]),
});
export type StyleV2Input = z.input<typeof styleV2Input>;

export const sizeColorEntry = z.object({
  sizeColorID: z.string(),
  priceID: z.string(),
  costumeID: z.string(),
  size: z.string(),
  color: z.string(),
  price_buy: z.number(),
  price_sell: z.number(),
});
export type SizeColorEntry = z.infer<typeof sizeColorEntry>;
export const sizeColorList = z.array(sizeColorEntry);

export const costumeStyle = z.object({
  id: z.string(),
  costCoID: z.string(),
  company: z.string(),
  styleNumber: z.string(),
  styleName: z.string(),
  dncNumID: z.string(),
  sizeGroups: z.array(z.string()),
  colors: z.array(z.string()),
  notes: z.string(),
  sizeColors: z.array(sizeColorEntry),
});
export type CostumeStyle = z.infer<typeof costumeStyle>;
export const costumeStyleList = z.array(costumeStyle);

export const styleV2Answer = z.object({
  id: z.string(),
  sizeColors: z.array(sizeColorEntry),
  msg: z.string(),
});

// ——— Assignments ———

/** `POST …/style/size-price-assign`: finds or makes the size-colour entry, then assigns it. */
export const sizePriceAssignInput = z.object({
  dncNumActID: requiredRecordId,
  costumeID: requiredRecordId,
  size: z.string().pipe(sizeText),
  color: colorText.optional().default(''),
  price_buy: price,
  price_sell: price,
});
export type SizePriceAssignInput = z.input<typeof sizePriceAssignInput>;
export const sizePriceAssignAnswer = z.object({
  sizeColorID: z.string(),
  priceID: z.string(),
  assignID: z.string(),
  msg: z.string(),
});

/** `POST …/style/assign`: `price` is what the dancer is charged (dollars); the entry's sell price when absent. */
export const assignInput = z.object({
  dncNumActID: requiredRecordId,
  priceID: requiredRecordId,
  price: price.optional(),
});
export type AssignInput = z.input<typeof assignInput>;

export const removeAssignmentAnswer = z.object({ msg: z.string(), depositRemoved: z.boolean() });

export const measurementAnswer = z.object({
  id: z.string(),
  takenOn: z.string(),
  girth: inchesOut,
  chest: inchesOut,
  hips: inchesOut,
  height: inchesOut,
  by: z.string(),
});
export type MeasurementAnswer = z.infer<typeof measurementAnswer>;

export const assignedCostume = z.object({
  id: z.string(),
  dncNumActID: z.string(),
  studentOutfitID: z.string(),
  costumeID: z.string(),
  styleNumber: z.string(),
  styleName: z.string(),
  priceID: z.string(),
  size: z.string(),
  color: z.string(),
  /** What the dancer is charged (dollars). */
  price: z.number(),
  price_buy: z.number(),
  /** The deposit charged on the family's bill (dollars; 0 when none, or once it was taken off). */
  deposit: z.number(),
  depositPosted: z.boolean(),
  /** How much of the deposit the family has paid (dollars). */
  depositPaid: z.number(),
});
export type AssignedCostume = z.infer<typeof assignedCostume>;

export const sizeSuggestion = z.object({
  costumeID: z.string(),
  sizes: z.array(z.string()),
  fit: z.enum(['fits', 'between', 'outside', 'none']),
  stale: z.boolean(),
});

/** One dancer of the number, with their outfit (002 §3 "Outfit") and what their measurements suggest. */
export const dancerOutfit = z.object({
  dncNumActID: z.string(),
  studentID: z.string(),
  studentName: z.string(),
  familyID: z.string(),
  studentOutfitID: z.string().nullable(),
  sell_price: z.number(),
  total_buy: z.number(),
  deposit: z.number(),
  depositPaid: z.number(),
  costumes: z.array(assignedCostume),
  measurements: measurementAnswer.nullable(),
  suggestions: z.array(sizeSuggestion),
});
export type DancerOutfit = z.infer<typeof dancerOutfit>;

export const assignedAnswer = z.object({
  dncNumID: z.string(),
  name: z.string(),
  styles: z.array(
    z.object({
      id: z.string(),
      costCoID: z.string(),
      company: z.string(),
      styleNumber: z.string(),
      styleName: z.string(),
    }),
  ),
  dancers: z.array(dancerOutfit),
});
export type AssignedAnswer = z.infer<typeof assignedAnswer>;

// ——— Measurements ———

export const measurementInput = z
  .object({
    takenOn: dateOnlySchema.optional(),
    girth: inches.nullable().optional().default(null),
    chest: inches.nullable().optional().default(null),
    hips: inches.nullable().optional().default(null),
    height: inches.nullable().optional().default(null),
  })
  .refine(
    (m) => [m.girth, m.chest, m.hips, m.height].some((v) => v !== null),
    COSTUME_TEXT.measurementsEmpty,
  );
export type MeasurementInput = z.input<typeof measurementInput>;

export const measurementsAnswer = z.object({
  studentID: z.string(),
  studentName: z.string(),
  latest: measurementAnswer.nullable(),
  /** Newest first. */
  history: z.array(measurementAnswer),
});

// ——— The studio's costume settings ———

export const DEPOSIT_KINDS = ['none', 'amount', 'percent'] as const;

export const costumeSettingsInput = z.object({
  depositKind: z.enum(DEPOSIT_KINDS),
  /** Dollars a costume, when the kind is `amount`. */
  depositAmount: price.optional().default(0),
  /** Percent of the price (two decimals at most), when the kind is `percent`. */
  depositPercent: z
    .number()
    .min(0, 'A deposit cannot be negative.')
    .max(100, COSTUME_TEXT.percentTooLarge)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals')
    .optional()
    .default(0),
  refundableUntil: dateOnlySchema.nullable().optional().default(null),
});
export type CostumeSettingsInput = z.input<typeof costumeSettingsInput>;

export const costumeSettingsAnswer = z.object({
  depositKind: z.enum(DEPOSIT_KINDS),
  depositAmount: z.number(),
  depositPercent: z.number(),
  refundableUntil: z.string().nullable(),
});
export type CostumeSettings = z.infer<typeof costumeSettingsAnswer>;

export const costumeIdParams = z.object({ id: idSchema });
export const costumeNumberParams = z.object({ dncNumID: idSchema });
export const referenceParams = z.object({ costumeID: idSchema, dncNumID: idSchema });
export const studentParams = z.object({ studentId: idSchema });

// ——— Orders to the costume company (001 §3 "Costume order", §4, §5, §7; decision 029 "Orders") ———

export const COSTUME_ORDER_TEXT = {
  /** 001 §5: "A costume order id must be 36 characters." */
  orderIdInvalid: 'A costume order id must be 36 characters.',
  orderNotFound: 'This costume order could not be found.',
  companyRequired: 'Please choose the costume company the order is for.',
  otherCompany: 'This order id belongs to an order of another costume company.',
  notCart: 'This order was placed already: only a cart can change.',
  cartSaved: 'Cart saved.',
  emptyCart: 'The cart is empty: add costumes before completing the order.',
  completed: "Order placed, and each costume's balance posted to its family's bill.",
  alreadyCompleted: 'This order was placed already: nothing more was posted.',
  itemTwice: 'A costume is in the list twice.',
  assignmentMissing: 'A costume in the list is not assigned to a dancer any more (or could not be found).',
  assignmentOtherCompany: 'A costume in the list is a style of another costume company.',
  assignmentOrdered: 'A costume in the list is in another order already.',
  stillCart: 'This order is still a cart: complete it before receiving a shipment.',
  shipmentEmpty: 'Please choose the costumes that arrived.',
  notInOrder: 'A costume in the shipment is not in this order.',
  receivedTwice: 'A costume in the shipment was received already.',
  shipmentSaved: 'Shipment received.',
  orderedKept:
    "Costume removed from the dancer. It was ordered already: its deposit and balance stay on the family's bill.",
} as const;

export const ORDER_ITEMS_MAX = 1000;

/** A costume order id: 36 characters (001 §5), a uuid the client makes for a new cart. */
export const orderIdParams = z.object({ orderId: idSaying(COSTUME_ORDER_TEXT.orderIdInvalid) });
export const orderCompanyParams = z.object({ companyId: idSchema });

export const orderItemInput = z.object({ costumeAssignedID: requiredRecordId, price_buy: price });
const orderItems = z
  .array(orderItemInput)
  .max(ORDER_ITEMS_MAX, `An order holds at most ${ORDER_ITEMS_MAX} costumes.`)
  .refine(
    (items) => new Set(items.map((i) => i.costumeAssignedID)).size === items.length,
    COSTUME_ORDER_TEXT.itemTwice,
  );

/**
 * `POST`/`PUT …/v2/order/{orderId}`: the spec's "list of costumeAssignedID and price_buy" as `items`
 * (dollars). The company is needed to make a cart; on a cart that exists it must be the cart's own.
 */
export const orderInput = z.object({
  costumeCompanyID: idSchema.optional(),
  items: orderItems,
});
export type OrderInput = z.input<typeof orderInput>;

/** `PUT …/v2/order/{orderId}/shipment`: the costumes that arrived, on a day (the studio's today if absent). */
export const shipmentInput = z.object({
  receivedOn: dateOnlySchema.optional(),
  note: longText(1000).optional().default(''),
  items: z
    .array(requiredRecordId)
    .min(1, COSTUME_ORDER_TEXT.shipmentEmpty)
    .max(ORDER_ITEMS_MAX, `A shipment holds at most ${ORDER_ITEMS_MAX} costumes.`)
    .refine((ids) => new Set(ids).size === ids.length, COSTUME_ORDER_TEXT.itemTwice),
});
export type ShipmentInput = z.input<typeof shipmentInput>;

export const ORDER_STATUSES = ['cart', 'ordered'] as const;

/** One costume of an order: the dancer's assignment with what it costs the studio. */
export const orderLine = z.object({
  costumeAssignedID: z.string(),
  studentID: z.string(),
  dancer: z.string(),
  dncNumID: z.string(),
  danceNumber: z.string(),
  costumeID: z.string(),
  styleNumber: z.string(),
  styleName: z.string(),
  size: z.string(),
  color: z.string(),
  /** What the company charges the studio (dollars), as agreed on the order. */
  price_buy: z.number(),
  /** What the dancer is charged, and the deposit charged already (dollars). */
  price_sell: z.number(),
  deposit: z.number(),
  /** The costume was taken from the dancer after it was ordered. */
  removed: z.boolean(),
  /** The day it arrived, null while missing. */
  receivedOn: z.string().nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const orderShipment = z.object({
  id: z.string(),
  receivedOn: z.string(),
  note: z.string(),
  by: z.string(),
  items: z.array(z.string()),
});

export const costumeOrder = z.object({
  orderID: z.string(),
  costumeCompanyID: z.string(),
  number: z.number().int(),
  name: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The lines' buy prices summed (dollars). */
  subtotal: z.number(),
  orderedOn: z.string().nullable(),
  lines: z.array(orderLine),
  shipments: z.array(orderShipment),
  received: z.number().int(),
  missing: z.array(orderLine),
});
export type CostumeOrder = z.infer<typeof costumeOrder>;

/** Live assignments of the company's styles in no order yet, by style, size and colour. */
export const toOrderGroup = z.object({
  costumeID: z.string(),
  styleNumber: z.string(),
  styleName: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  /** The size-colour entry's buy price (dollars): the price a cart line starts from. */
  price_buy: z.number(),
  assignments: z.array(
    z.object({
      costumeAssignedID: z.string(),
      dancer: z.string(),
      danceNumber: z.string(),
      price_buy: z.number(),
    }),
  ),
});
export type ToOrderGroup = z.infer<typeof toOrderGroup>;

export const companyOrdersAnswer = z.object({
  costumeCompanyID: z.string(),
  company: z.string(),
  /** The company's open cart; null when there is none. */
  cart: costumeOrder.nullable(),
  toOrder: z.array(toOrderGroup),
  /** The company's placed orders, newest first. */
  orders: z.array(costumeOrder),
});
export type CompanyOrdersAnswer = z.infer<typeof companyOrdersAnswer>;

export const orderAnswer = costumeOrder.extend({ msg: z.string() });

// ——— The deposits and balances lists (issue 18 point 3; decision 029 "Deposits and balances lists") ———

/** Rows a page of the lists, unless the page asks for another size (at most 100). */
export const COSTUME_LIST_PAGE_SIZE = 25;

/** A yes or no from a query string (`1`, `0`, `true`, `false`) or from the typed client (a boolean). */
const yesNo = z.union(
  [
    z.boolean(),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['true', 'false', '1', '0']))
      .transform((v) => v === 'true' || v === '1'),
  ],
  { error: 'The open filter is 1 or 0.' },
);

/**
 * What narrows both lists: a dance number (`dncNumID`) and a class (`clSchID`, the schedule's name for
 * a class id). Another studio's id narrows to nothing, as the account list's class filter does.
 */
export const costumeListFilter = z.object({
  dncNumID: idSchema.optional(),
  clSchID: idSchema.optional(),
});
const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(COSTUME_LIST_PAGE_SIZE),
};
/** The balances owed by default: `open=0` lists every balance posted, paid or not. */
const openOnly = { open: yesNo.optional().default(true) };

export const depositExportQuery = costumeListFilter;
export const depositListQuery = costumeListFilter.extend(pageFields);
export type DepositListQuery = z.input<typeof depositListQuery>;
export const balanceExportQuery = costumeListFilter.extend(openOnly);
export const balanceListQuery = costumeListFilter.extend({ ...openOnly, ...pageFields });
export type BalanceListQuery = z.input<typeof balanceListQuery>;

/** Paid in full, paid in part, nothing paid yet: what the family has paid of the charge. */
export const COSTUME_PAID_STATES = ['paid', 'part', 'unpaid'] as const;
export type CostumePaidState = (typeof COSTUME_PAID_STATES)[number];

/** A dancer's costume as both lists show it: who wears it, in which number and class, and its price. */
const costumeListIdentity = {
  costumeAssignedID: z.string(),
  studentID: z.string(),
  dancer: z.string(),
  /** The family, for a link to its account. */
  coAcctMemID: z.string(),
  family: z.string(),
  dncNumID: z.string(),
  danceNumber: z.string(),
  clSchID: z.string(),
  className: z.string(),
  costumeID: z.string(),
  styleNumber: z.string(),
  styleName: z.string(),
  size: z.string(),
  color: z.string(),
  /** What the dancer is charged for the costume (dollars). */
  price: z.number(),
  /** The day the costume was taken from the dancer (the studio's day); null while the dancer has it. */
  removedOn: z.string().nullable(),
  /** The charge on the family's bill (dollars), what the family has paid of it, and what is still open. */
  charged: z.number(),
  paid: z.number(),
  open: z.number(),
  status: z.enum(COSTUME_PAID_STATES),
};

export const depositListRow = z.object({
  ...costumeListIdentity,
  /** The day the costume was assigned and its deposit posted (the studio's day). */
  assignedOn: z.string(),
});
export type DepositListRow = z.infer<typeof depositListRow>;

export const balanceListRow = z.object({
  ...costumeListIdentity,
  /** The deposit charged with the costume (dollars; 0 when none, or once it was taken off). */
  deposit: z.number(),
  orderID: z.string().nullable(),
  orderName: z.string().nullable(),
  /** The day the order was placed, when the balance was posted. */
  orderedOn: z.string(),
});
export type BalanceListRow = z.infer<typeof balanceListRow>;

/** What the filters offer: the dance numbers (each with its class) and classes that have costumes. */
export const costumeListOptions = z.object({
  numbers: z.array(
    z.object({ dncNumID: z.string(), name: z.string(), clSchID: z.string(), className: z.string() }),
  ),
  classes: z.array(z.object({ clSchID: z.string(), name: z.string() })),
});
export type CostumeListOptions = z.infer<typeof costumeListOptions>;

/** Over the whole filter, every page: how many rows, charged, paid and open (dollars). */
export const costumeListTotals = z.object({
  count: z.number().int(),
  charged: z.number(),
  paid: z.number(),
  open: z.number(),
});
export type CostumeListTotals = z.infer<typeof costumeListTotals>;

const listPage = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: costumeListTotals,
  options: costumeListOptions,
};
export const depositList = z.object({ items: z.array(depositListRow), ...listPage });
export type DepositList = z.infer<typeof depositList>;
export const balanceList = z.object({ items: z.array(balanceListRow), ...listPage });
export type BalanceList = z.infer<typeof balanceList>;

/** A list as a CSV file: the server makes it, the browser saves it under the name given. */
export const costumeCsv = z.object({ filename: z.string(), csv: z.string() });
