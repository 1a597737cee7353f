import { Card, List, NumberInput, Paper, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  bpsText,
  CARD_COST,
  centsText,
  checkoutFigures,
  SURCHARGE_RULES,
  surchargeCeilingBps,
} from '@pirouette/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import type { MoneyFormValues } from '../money-form';

type Form = UseFormReturnType<MoneyFormValues>;

/** A $100.00 payment, to show what the rate means. */
const EXAMPLE_CENTS = 10_000;

/**
 * The studio's card surcharge (issue 37 item 3, decision 069): off by default; on, a rate of credit card
 * payments, with the rules stated beside it and what a $100 payment by credit card comes to.
 */
export function CardSurchargeCard({ form }: { form: Form }) {
  const values = form.getValues();
  const percent = Number(values.surchargePercent);
  const bps = values.surchargeOn && Number.isFinite(percent) ? Math.round(percent * 100) : 0;
  const ceiling = surchargeCeilingBps();
  const example = checkoutFigures(EXAMPLE_CENTS, Math.min(bps, ceiling), true);
  return (
    <Card data-testid="card-surcharge-settings">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            Card surcharge
          </Title>
          <Text size="sm" c="dimmed">
            Pass what credit cards cost you on to the families who pay by credit card. Off unless you turn it
            on.
          </Text>
        </div>
        <Switch
          size="md"
          label="Add a surcharge to credit card payments"
          description={`Cards cost you ${bpsText(CARD_COST.bps)} + ${centsText(CARD_COST.fixedCents)} a payment at the card processor.`}
          {...form.getInputProps('surchargeOn', { type: 'checkbox' })}
        />
        {values.surchargeOn && (
          <NumberInput
            label="Surcharge on credit card payments"
            description={`At most ${bpsText(ceiling)}.`}
            suffix=" %"
            size="md"
            min={0}
            step={0.1}
            decimalScale={2}
            w={{ base: '100%', xs: '50%' }}
            {...form.getInputProps('surchargePercent')}
          />
        )}
        {values.surchargeOn && bps > 0 && bps <= ceiling && (
          <Text size="sm" data-testid="card-surcharge-example">
            A {centsText(EXAMPLE_CENTS)} payment by credit card comes to {centsText(example.total)} (a{' '}
            {centsText(example.surcharge)} surcharge). By debit card or bank debit: {centsText(EXAMPLE_CENTS)}
            .
          </Text>
        )}
        <Paper bg="gray.0" radius="md" p="sm">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              The rules
            </Text>
            <List
              spacing={4}
              size="sm"
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color="gray">
                  <IconInfoCircle size={12} />
                </ThemeIcon>
              }
            >
              {SURCHARGE_RULES.map((rule) => (
                <List.Item key={rule}>{rule}</List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      </Stack>
    </Card>
  );
}
