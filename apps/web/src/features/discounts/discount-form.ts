import {
  DISCOUNT_ROUNDING_PRESETS,
  type DiscountItem,
  type DiscountWriteInput,
  discountWriteInput,
} from '@pirouette/domain';

/**
 * The discount dialog's values, as a person types them: a percentage (10 for 10 %) or dollars, and the
 * rounding as a choice. `toDiscountBody` turns them into the API's units (a fraction, cents) and the
 * shared schema `discountWriteInput` checks the result, for the form as for the route.
 */
export type DiscountFormValues = {
  name: string;
  typeID: '100' | '200';
  vTypeID: '100' | '200';
  percent: number | string;
  amount: number | string;
  rounding: '1' | '100' | '500' | 'custom';
  customRounding: number | string;
};

export const ROUNDING_CHOICES = [
  ...DISCOUNT_ROUNDING_PRESETS.map((p) => ({ value: String(p.rValue), label: p.label })),
  { value: 'custom', label: 'Custom amount' },
];

const asNumber = (v: number | string) =>
  typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);

export function emptyDiscountForm(): DiscountFormValues {
  return {
    name: '',
    typeID: '100',
    vTypeID: '100',
    percent: 10,
    amount: 10,
    rounding: '1',
    customRounding: 0.25,
  };
}

export function discountFormOf(d: DiscountItem): DiscountFormValues {
  const preset = DISCOUNT_ROUNDING_PRESETS.some((p) => p.rValue === d.rValue);
  return {
    name: d.name,
    typeID: d.typeID === 200 ? '200' : '100',
    vTypeID: d.vTypeID === 200 ? '200' : '100',
    percent: d.vTypeID === 100 ? Math.round(d.value * 1_000_000) / 10_000 : 10,
    amount: d.vTypeID === 200 ? d.value / 100 : 10,
    rounding: preset ? (String(d.rValue) as DiscountFormValues['rounding']) : 'custom',
    customRounding: preset ? 0.25 : d.rValue / 100,
  };
}

/** The API body for the values: value a fraction (percent) or cents (fixed), rValue in cents. */
export function toDiscountBody(
  v: DiscountFormValues,
): DiscountWriteInput & { typeID: 100 | 200; vTypeID: 100 | 200 } {
  const vTypeID = v.vTypeID === '200' ? 200 : 100;
  const raw = vTypeID === 100 ? asNumber(v.percent) : asNumber(v.amount);
  // Percent → fraction and dollars → cents are rounded here, so 12.34 % is 0.1234 and not 0.12340000000000001.
  const value = vTypeID === 100 ? Math.round(raw * 10_000) / 1_000_000 : Math.round(raw * 100);
  const rValue = v.rounding === 'custom' ? Math.round(asNumber(v.customRounding) * 100) : Number(v.rounding);
  return { typeID: v.typeID === '200' ? 200 : 100, vTypeID, value, rValue, name: v.name };
}

/** The form's errors, by its own field names, from the shared schema's verdict on the body. */
export function discountFormErrors(v: DiscountFormValues): Record<string, string> {
  const result = discountWriteInput.safeParse(toDiscountBody(v));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    const key =
      field === 'value'
        ? v.vTypeID === '200'
          ? 'amount'
          : 'percent'
        : field === 'rValue'
          ? v.rounding === 'custom'
            ? 'customRounding'
            : 'rounding'
          : String(field ?? 'name');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The draft as a discount the example can apply, or null while it is not a valid one. */
export function draftDiscount(v: DiscountFormValues) {
  const result = discountWriteInput.safeParse(toDiscountBody(v));
  return result.success ? result.data : null;
}
