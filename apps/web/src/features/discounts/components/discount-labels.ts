import { centsText, DISCOUNT_VALUE_TYPE, percentText } from '@pirouette/domain';

/** A discount in a few words for the example's lines: its name, or "10 % multi-class". */
export function shortDiscountLabel(d: {
  typeID: number;
  vTypeID: number;
  value: number;
  name?: string;
}): string {
  if (d.name?.trim()) return d.name.trim();
  const amount = d.vTypeID === DISCOUNT_VALUE_TYPE.fraction ? percentText(d.value) : centsText(d.value);
  return `${amount} ${d.typeID === 100 ? 'multi-class' : 'sibling'}`;
}
