import { z } from 'zod';
import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { idSchema } from '../ids';
import {
  authorizeInput,
  cardPaymentAnswer,
  familyCardAnswer,
  paymentInstrumentAnswer,
  saveCardInput,
} from './schema';

const tags = ['card payments'];
const familyParams = z.object({ id: idSchema });

/** Card payments' calls (issue 17; 001 §7 `api/finix/…`). */
export const cardCalls = {
  cardOnFile: defineCall({
    method: 'GET',
    path: '/api/finix/customer/paymentInstrument/default',
    answer: paymentInstrumentAnswer,
    access: 'parent',
    summary: "The family's card on file (brand, last four, expiry; never its number) and how to add one",
    tags,
  }),
  saveCard: defineCall({
    method: 'POST',
    path: '/api/finix/customer/paymentInstrument',
    body: saveCardInput,
    answer: paymentInstrumentAnswer.extend({ msg: z.string() }),
    access: 'parent',
    summary:
      "Save the card the processor's form tokenized as the family's card on file (it replaces the old one)",
    tags,
  }),
  removeCard: defineCall({
    method: 'DELETE',
    path: '/api/finix/customer/paymentInstrument/default',
    answer: messageResult,
    access: 'parent',
    summary: "Remove the family's card on file",
    tags,
  }),
  authorize: defineCall({
    method: 'POST',
    path: '/api/finix/customer/transaction/authorize/:transID/payment',
    params: z.object({ transID: idSchema }),
    body: authorizeInput,
    answer: cardPaymentAnswer,
    access: 'parent',
    summary:
      'Pay a transaction by the card on file: charged once, booked in the ledger when the processor confirms',
    description:
      'The server computes the amount (the open items picked, or the balance); `balance` is only compared. The attempt is recorded before the processor is called and its id is the idempotency id; the same `requestId` charges once.',
    tags,
  }),
  familyCard: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/card',
    params: familyParams,
    answer: familyCardAnswer,
    access: 'owner',
    summary: "A family's card on file (never its number)",
    tags,
  }),
  removeFamilyCard: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/account/:id/card',
    params: familyParams,
    answer: messageResult,
    access: 'owner',
    summary: "Remove a family's card on file",
    tags,
  }),
};
