import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import { idParams } from '../ids';
import { discountList, discountOrderInput, discountWriteInput } from './schema';

const tags = ['discounts'];

/** The units of a discount's numbers, for the OpenAPI description. */
const description =
  'value: a fraction 0–1 when vTypeID is 100 (0.10 is 10 %), whole cents when vTypeID is 200; rValue: the rounding unit in cents.';

/** The studio's multi-class and sibling discounts. */
export const discountCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/discounts',
    answer: discountList,
    access: 'owner',
    keep: true,
    summary: "The studio's discounts, multi-class first then sibling, each in its order",
    description,
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/mystudio/discounts',
    body: discountWriteInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a discount; it applies after the others of its type',
    description,
    tags,
  }),
  reorder: defineCall({
    method: 'PUT',
    path: '/api/mystudio/discounts/order',
    body: discountOrderInput,
    answer: messageResult,
    access: 'owner',
    summary: "Put the studio's discounts in a new order (every discount, once)",
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/api/mystudio/discounts/:id',
    params: idParams,
    body: discountWriteInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Change a discount',
    description,
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/discounts/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a discount',
    tags,
  }),
};
