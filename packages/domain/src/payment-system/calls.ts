import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { idParams } from '../ids';
import { yearTermQuery } from '../year-terms/schema';
import { paymentSystem, updateOptionDueDayInput, updatePlanDiscountInput } from './schema';

const tags = ['payment system'];

/** A year term's payment plans and their options. */
export const paymentSystemCalls = {
  get: defineCall({
    method: 'GET',
    path: '/api/mystudio/paymentSystem',
    query: yearTermQuery,
    answer: paymentSystem,
    access: 'owner',
    keep: true,
    summary: "A year term's payment plans and their options (default: the current term)",
    tags,
  }),
  planDiscount: defineCall({
    method: 'PUT',
    path: '/api/mystudio/paymentSystem/plan/:id',
    params: idParams,
    body: updatePlanDiscountInput,
    answer: messageResult,
    access: 'owner',
    summary: "Change a plan's discount (a fraction; the default plan's stays 0)",
    tags,
  }),
  optionDueDay: defineCall({
    method: 'PUT',
    path: '/api/mystudio/paymentSystem/option/:id',
    params: idParams,
    body: updateOptionDueDayInput,
    answer: messageResult,
    access: 'owner',
    summary: "Change the day of the month an option's payment is due (1–28)",
    tags,
  }),
};
