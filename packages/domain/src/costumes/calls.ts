import { z } from 'zod';
import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import {
  assignedAnswer,
  assignInput,
  balanceExportQuery,
  balanceList,
  balanceListQuery,
  companyOrdersAnswer,
  costumeCompanyInput,
  costumeCompanyList,
  costumeCsv,
  costumeIdParams,
  costumeNumberParams,
  costumeSettingsAnswer,
  costumeSettingsInput,
  costumeStyleList,
  depositExportQuery,
  depositList,
  depositListQuery,
  measurementInput,
  measurementsAnswer,
  orderAnswer,
  orderCompanyParams,
  orderIdParams,
  orderInput,
  referenceParams,
  removeAssignmentAnswer,
  shipmentInput,
  sizeChartAnswer,
  sizeChartInput,
  sizeColorList,
  sizePriceAssignAnswer,
  sizePriceAssignInput,
  studentParams,
  styleInput,
  styleV2Answer,
  styleV2Input,
} from './schema';

const tags = ['costumes'];
const BASE = '/api/mystudio/costumes';

/** Costume companies and their size charts (002 §7 shows the reads; the writes are ours, alike). */
export const costumeCompanyCalls = {
  list: defineCall({
    method: 'GET',
    path: `${BASE}/company`,
    answer: costumeCompanyList,
    access: 'owner',
    summary: "The studio's costume companies, each with its chart's sizes",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: `${BASE}/company`,
    body: costumeCompanyInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a costume company',
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: `${BASE}/company/:id`,
    params: costumeIdParams,
    body: costumeCompanyInput,
    answer: messageResult,
    access: 'owner',
    summary: "Change a costume company's name and contact details",
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: `${BASE}/company/:id`,
    params: costumeIdParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a costume company that has no styles',
    tags,
  }),
  sizeChart: defineCall({
    method: 'GET',
    path: `${BASE}/company/size-chart/:id`,
    params: costumeIdParams,
    answer: sizeChartAnswer,
    access: 'owner',
    summary: "A costume company's size chart: each size's girth, chest and hips ranges, in inches",
    tags,
  }),
  saveSizeChart: defineCall({
    method: 'PUT',
    path: `${BASE}/company/size-chart/:id`,
    params: costumeIdParams,
    body: sizeChartInput,
    answer: sizeChartAnswer.extend({ msg: z.string() }),
    access: 'owner',
    summary: "Replace a costume company's size chart as a whole (smallest size first)",
    tags,
  }),
};

/** Costume styles on dance numbers, and their size-colour entries (002 §3, §7). */
export const costumeStyleCalls = {
  ofNumber: defineCall({
    method: 'GET',
    path: `${BASE}/style/:dncNumID`,
    params: costumeNumberParams,
    answer: costumeStyleList,
    access: 'owner',
    summary: "A dance number's costumes, each with its sizes, colours and prices",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: `${BASE}/style`,
    body: styleInput,
    answer: createdResult,
    access: 'owner',
    summary:
      "Put a costume style on a dance number (the company's style of that number is reused when it exists)",
    tags,
  }),
  addV2: defineCall({
    method: 'POST',
    path: `${BASE}/v2/style`,
    body: styleV2Input,
    answer: styleV2Answer,
    access: 'owner',
    summary: 'Put a costume style on a dance number with its size groups, colours and size-colour prices',
    description:
      'Prices in dollars. An existing style of the company with that number is reused: its size groups and colours gain the new ones, and each size-colour entry is added or has its prices changed.',
    tags,
  }),
  sizeColors: defineCall({
    method: 'GET',
    path: `${BASE}/size-color/:id`,
    params: costumeIdParams,
    answer: sizeColorList,
    access: 'owner',
    summary: "A costume style's size-colour entries with their buy and sell prices",
    tags,
  }),
  removeReference: defineCall({
    method: 'DELETE',
    path: `${BASE}/reference/:costumeID/:dncNumID`,
    params: referenceParams,
    answer: messageResult,
    access: 'owner',
    summary: "Take a costume off a dance number (refused while it's assigned to a dancer of that number)",
    tags,
  }),
};

/** Costumes assigned to the dancers of a dance number: their outfits, with deposits on the family's bill. */
export const costumeAssignmentCalls = {
  sizePriceAssign: defineCall({
    method: 'POST',
    path: `${BASE}/style/size-price-assign`,
    body: sizePriceAssignInput,
    answer: sizePriceAssignAnswer,
    access: 'owner',
    summary: 'Find or make a size-colour entry of a costume, then assign it to a dancer',
    description:
      "The deposit (studio setting) is posted to the family's bill with the assignment. Sent twice, it assigns and posts once.",
    tags,
  }),
  assign: defineCall({
    method: 'POST',
    path: `${BASE}/style/assign`,
    body: assignInput,
    answer: createdResult,
    access: 'owner',
    summary: "Assign a costume's size and colour to a dancer of the number, at a price",
    description:
      "`price` (dollars) is what the dancer is charged; the entry's sell price when absent. The deposit is posted to the family's bill; sent twice, it assigns and posts once.",
    tags,
  }),
  assigned: defineCall({
    method: 'GET',
    path: `${BASE}/v2/assigned/:dncNumID`,
    params: costumeNumberParams,
    answer: assignedAnswer,
    access: 'owner',
    summary:
      'Each dancer of a dance number with their outfit, deposits, latest measurements and the size they suggest',
    tags,
  }),
  unassign: defineCall({
    method: 'DELETE',
    path: `${BASE}/assign/:id`,
    params: costumeIdParams,
    answer: removeAssignmentAnswer,
    access: 'owner',
    summary:
      "Take a costume from a dancer: its deposit comes off the family's bill before the refundable date, and stays after",
    tags,
  }),
};

/** A dancer's measurements (ours): kept with the day they were taken; the latest suggests sizes. */
export const costumeMeasurementCalls = {
  list: defineCall({
    method: 'GET',
    path: `${BASE}/measurements/:studentId`,
    params: studentParams,
    answer: measurementsAnswer,
    access: 'owner',
    summary: "A dancer's measurements, newest first",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: `${BASE}/measurements/:studentId`,
    params: studentParams,
    body: measurementInput,
    answer: createdResult,
    access: 'owner',
    summary: "Record a dancer's measurements (inches, one decimal): girth, chest, hips, height",
    tags,
  }),
};

/** The studio's costume deposit and the date until which it is refundable (ours). */
export const costumeSettingsCalls = {
  get: defineCall({
    method: 'GET',
    path: `${BASE}/settings`,
    answer: costumeSettingsAnswer,
    access: 'owner',
    keep: true,
    summary: 'The costume deposit (none, an amount or a percentage of the price) and its refundable date',
    tags,
  }),
  save: defineCall({
    method: 'PUT',
    path: `${BASE}/settings`,
    body: costumeSettingsInput,
    answer: costumeSettingsAnswer.extend({ msg: z.string() }),
    access: 'owner',
    summary: 'Set the costume deposit and the date until which it is refundable',
    tags,
  }),
};

/**
 * Orders to a costume company (001 §3, §4, §7; decision 029 "Orders"): a cart per company of assigned
 * costumes, placed (each costume's balance posted to its family's bill), then received in shipments.
 */
export const costumeOrderCalls = {
  ofCompany: defineCall({
    method: 'GET',
    path: `${BASE}/v2/order/company/:companyId`,
    params: orderCompanyParams,
    answer: companyOrdersAnswer,
    access: 'owner',
    summary:
      "A costume company's open cart, the assigned costumes not ordered yet (by style, size and colour), and its orders with what is still missing",
    tags,
  }),
  create: defineCall({
    method: 'POST',
    path: `${BASE}/v2/order/:orderId`,
    params: orderIdParams,
    body: orderInput,
    answer: orderAnswer,
    access: 'owner',
    summary: "Make the company's cart with this id (its open cart is reused), adding the costumes listed",
    description:
      'Body `{ costumeCompanyID, items: [{ costumeAssignedID, price_buy }] }` (dollars). When the company has an open cart already, the costumes go into it and the answer carries its `orderID`.',
    tags,
  }),
  replace: defineCall({
    method: 'PUT',
    path: `${BASE}/v2/order/:orderId`,
    params: orderIdParams,
    body: orderInput,
    answer: orderAnswer,
    access: 'owner',
    summary: "Replace a cart's costumes with the list (only a cart can change)",
    tags,
  }),
  complete: defineCall({
    method: 'PUT',
    path: `${BASE}/v2/order/:orderId/complete`,
    params: orderIdParams,
    answer: orderAnswer,
    access: 'owner',
    summary:
      "Place the order: the cart becomes ordered and each costume's balance is posted to its family's bill",
    description: 'Sent twice, it places and posts once.',
    tags,
  }),
  shipment: defineCall({
    method: 'PUT',
    path: `${BASE}/v2/order/:orderId/shipment`,
    params: orderIdParams,
    body: shipmentInput,
    answer: orderAnswer,
    access: 'owner',
    summary:
      "Receive a shipment of an order's costumes (partial shipments allowed); answers what is still missing",
    tags,
  }),
};

/**
 * The deposits and balances lists (issue 18 point 3; decision 029 "Deposits and balances lists"): every
 * dancer's costume with its deposit, and every balance posted when an order was placed, each with what
 * the family has paid of it; filtered by dance number and class, paged, and as CSV.
 */
export const costumeListCalls = {
  deposits: defineCall({
    method: 'GET',
    path: `${BASE}/deposits`,
    query: depositListQuery,
    answer: depositList,
    access: 'owner',
    summary:
      "Every dancer's costume with a deposit on the family's bill, paid or not, with the filter's totals",
    description:
      'Filters: `dncNumID` (a dance number), `clSchID` (a class). A costume taken from its dancer after the refundable date is listed with `removedOn`, its deposit kept. Amounts in dollars.',
    tags,
  }),
  depositsCsv: defineCall({
    method: 'GET',
    path: `${BASE}/deposits/export`,
    query: depositExportQuery,
    answer: costumeCsv,
    access: 'owner',
    summary: 'The deposits list with the same filters, every row, as CSV',
    tags,
  }),
  balances: defineCall({
    method: 'GET',
    path: `${BASE}/balances`,
    query: balanceListQuery,
    answer: balanceList,
    access: 'owner',
    summary:
      "The costume balances on families' bills (posted when an order is placed), with the filter's totals",
    description:
      'Filters: `dncNumID`, `clSchID`, and `open` (default 1: the balances still owed; 0: every balance posted). Amounts in dollars.',
    tags,
  }),
  balancesCsv: defineCall({
    method: 'GET',
    path: `${BASE}/balances/export`,
    query: balanceExportQuery,
    answer: costumeCsv,
    access: 'owner',
    summary: 'The balances list with the same filters, every row, as CSV',
    tags,
  }),
};
