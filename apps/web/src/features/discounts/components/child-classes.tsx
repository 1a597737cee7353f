import { ActionIcon, Box, Group, NumberInput, Stack, Text, Tooltip } from '@mantine/core';
import { type ClassExplainStep, centsText, type TuitionStudentResult } from '@pirouette/domain';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ExampleDiscount, SampleChild } from '../sample-family';
import classes from './child-classes.module.css';
import { shortDiscountLabel } from './discount-labels';

type Discounts = readonly ExampleDiscount[];

export const ordinal = (n: number) => {
  const suffix =
    n % 10 === 1 && n % 100 !== 11
      ? 'st'
      : n % 10 === 2 && n % 100 !== 12
        ? 'nd'
        : n % 10 === 3 && n % 100 !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
};

function stepText(step: ClassExplainStep, discounts: Discounts, nTh: number, position: number): string {
  if (step.kind === 'cap') return `Unlimited cap of ${centsText(step.cap)} a month`;
  const d = discounts[step.discount];
  const label = d ? shortDiscountLabel({ ...d, name: '' }) : 'Discount';
  return step.kind === 'multiClass'
    ? `${label} · ${ordinal(nTh)} class`
    : `${label} · ${ordinal(position + 1)} child`;
}

const toCents = (v: string | number) => {
  const n = typeof v === 'number' ? v : Number.parseFloat(v.replace(/[$,]/g, ''));
  return Number.isFinite(n) ? Math.max(0, Math.round(n * 100)) : 0;
};

/**
 * A class price in dollars. It keeps what is typed ("", "5.") as typed and reports cents whenever the text
 * is a number, so the box never fights the person typing; an emptied box counts as $0.00.
 */
function PriceInput({
  label,
  cents,
  onChange,
}: {
  label: string;
  cents: number;
  onChange: (cents: number) => void;
}) {
  const [text, setText] = useState<string | number>(cents / 100);
  const typed = toCents(text);
  // A change from outside (the family reset) replaces the text; the person's own typing never does.
  useEffect(() => {
    if (typed !== cents) setText(cents / 100);
  }, [cents, typed]);
  return (
    <NumberInput
      aria-label={label}
      size="xs"
      w={104}
      ml="auto"
      prefix="$"
      min={0}
      max={1000}
      decimalScale={2}
      thousandSeparator=","
      value={text}
      onChange={(v) => {
        setText(v);
        onChange(toCents(v));
      }}
    />
  );
}

export function ChildClasses({
  student,
  child,
  discounts,
  editable,
  onPrice,
  onRemoveClass,
}: {
  student: TuitionStudentResult;
  child: SampleChild;
  discounts: Discounts;
  editable: boolean;
  onPrice: (classId: string, cents: number) => void;
  onRemoveClass: (classId: string) => void;
}) {
  const nameOf = new Map(child.classes.map((c) => [c.id, c.name]));
  // A list rather than a table: it reads the same in a dialog, on a phone and on a wide screen.
  return (
    <Stack gap={0}>
      <Group justify="space-between" py={4} className={classes.head}>
        <Text size="xs" c="dimmed" fw={600}>
          Class and base price
        </Text>
        <Text size="xs" c="dimmed" fw={600} pr={editable ? 32 : 0}>
          Final
        </Text>
      </Group>
      {student.classes.map((cls) => {
        const name = nameOf.get(cls.id) ?? 'Class';
        const steps = cls.explain.filter((step) => step.amount > 0);
        return (
          <Box key={cls.id} py={6} className={classes.row}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <Text size="sm" w={{ base: 76, xs: 120 }} truncate>
                  {name}
                </Text>
                {editable ? (
                  <PriceInput
                    label={`Price of ${child.name}'s ${name}`}
                    cents={cls.Pr_0}
                    onChange={(cents) => onPrice(cls.id, cents)}
                  />
                ) : (
                  <Text size="sm">{centsText(cls.Pr_0)}</Text>
                )}
              </Group>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" fw={700} data-testid={`final-${cls.id}`}>
                  {centsText(cls.Pr_f)}
                </Text>
                {editable && (
                  <Tooltip label="Remove this class">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove ${child.name}'s ${name}`}
                      onClick={() => onRemoveClass(cls.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
            {steps.map((step) => (
              <Text
                size="xs"
                mt={2}
                pl={{ base: 0, xs: 128 }}
                key={step.kind === 'cap' ? 'cap' : `${step.kind}-${step.discount}`}
              >
                <Text span inherit c="red.8" fw={700}>
                  −{centsText(step.amount)}
                </Text>{' '}
                <Text span inherit c="dimmed">
                  {stepText(step, discounts, cls.nTh, student.position)}
                </Text>
              </Text>
            ))}
          </Box>
        );
      })}
    </Stack>
  );
}
