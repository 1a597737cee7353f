import { NumberInput, type NumberInputProps, Switch, type SwitchProps } from '@mantine/core';
import { MAX_PRICE_DOLLARS } from '@pirouette/domain';

/** A price in dollars and cents, as the API takes it. */
export function PriceInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$"
      decimalScale={2}
      fixedDecimalScale
      thousandSeparator=","
      min={0}
      max={MAX_PRICE_DOLLARS}
      allowNegative={false}
      required
      {...props}
    />
  );
}

/** Whether the studio's multi-class and sibling discounts apply to this price. */
export function ApplyDiscountSwitch(props: SwitchProps) {
  return (
    <Switch
      label="Discounts apply"
      description="Multi-class and sibling discounts lower this price."
      {...props}
    />
  );
}
