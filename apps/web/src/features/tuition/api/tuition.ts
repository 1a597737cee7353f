import { tuitionPriceCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every term's class prices: a change to one refreshes them all. */
const classPrices = scopeOf(tuitionPriceCalls.classes);
/** Every term's private-lesson prices. */
const privatePrices = scopeOf(tuitionPriceCalls.privates);

/** A year term's class prices. */
export const useClassTuitions = (yearTermId: string) =>
  useCall(tuitionPriceCalls.classes, { query: { yearTermID: yearTermId } });

/** A year term's private-lesson prices. */
export const usePrivateTuitions = (yearTermId: string) =>
  useCall(tuitionPriceCalls.privates, { query: { yearTermID: yearTermId } });

export const useCreateClassTuition = () =>
  useCallMutation(tuitionPriceCalls.addClass, { invalidates: [classPrices] });
export const useUpdateClassTuition = () =>
  useCallMutation(tuitionPriceCalls.editClass, { invalidates: [classPrices] });
export const useDeleteClassTuition = () =>
  useCallMutation(tuitionPriceCalls.removeClass, { invalidates: [classPrices] });

export const useCreatePrivateTuition = () =>
  useCallMutation(tuitionPriceCalls.addPrivate, { invalidates: [privatePrices] });
export const useUpdatePrivateTuition = () =>
  useCallMutation(tuitionPriceCalls.editPrivate, { invalidates: [privatePrices] });
export const useDeletePrivateTuition = () =>
  useCallMutation(tuitionPriceCalls.removePrivate, { invalidates: [privatePrices] });
