import { Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { MAX_PRICE_DOLLARS, WEEKDAYS, type Weekday } from '@pirouette/domain';
import type { ExampleClass } from '../lib/example-schedule';

const DAY_OPTIONS = WEEKDAYS.map((name, i) => ({ value: String(i), label: name }));

type Props = {
  family: ExampleClass[];
  onFamilyChange: (family: ExampleClass[]) => void;
  effectiveDate: string;
  onEffectiveDateChange: (date: string) => void;
};

/** The example family the schedule below is priced for: its classes and the day it starts. */
export function ExampleFamilyForm({ family, onFamilyChange, effectiveDate, onEffectiveDateChange }: Props) {
  const change = (index: number, patch: Partial<ExampleClass>) =>
    onFamilyChange(family.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <Card>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="lg">
            Example schedule
          </Title>
          <Text size="sm" c="dimmed">
            A family with two classes a week, registering on the start date. The amounts below are what each
            plan would charge them, by the same rules the studio charges with.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {family.map((cls, i) => (
            <Group key={cls.id} gap="xs" wrap="nowrap" align="flex-end">
              <Select
                label={`Class ${i + 1}`}
                data={DAY_OPTIONS}
                value={String(cls.day)}
                allowDeselect={false}
                onChange={(v) => v !== null && change(i, { day: Number(v) as Weekday })}
                w={130}
              />
              <NumberInput
                label="Monthly price"
                aria-label={`Class ${i + 1} monthly price`}
                prefix="$"
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=","
                min={0}
                max={MAX_PRICE_DOLLARS}
                allowNegative={false}
                value={cls.price}
                onChange={(v) => change(i, { price: v })}
                style={{ flex: 1 }}
                miw={110}
              />
            </Group>
          ))}
          <TextInput
            label="Start date"
            description="The day the family's registration takes effect"
            type="date"
            value={effectiveDate}
            onChange={(e) => onEffectiveDateChange(e.currentTarget.value)}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
