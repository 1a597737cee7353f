import { Accordion, Badge, Divider, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { CATEGORY_LABELS, dollarsText, type LedgerItem } from '@pirouette/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { signedText } from '../../family-tuition/lib/tuition-lines';
import { dueState, dueText, workingLabel } from '../lib/money';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function DueBadge({ dueDate, today }: { dueDate: string; today: string }) {
  const state = dueState(dueDate, today);
  if (state === 'overdue')
    return (
      <Badge color="red" size="xs" variant="light">
        Past due
      </Badge>
    );
  if (state === 'today')
    return (
      <Badge color="orange" size="xs" variant="light">
        Due today
      </Badge>
    );
  return null;
}

/** A line of the working: its words, and its amount in its own column. */
function WorkingLine({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start" data-testid="charge-line">
      <Text size="sm" fw={strong ? 600 : undefined} miw={0}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : undefined} style={NUMBERS}>
        {amount}
      </Text>
    </Group>
  );
}

/** Why a charge is what it is: its lines (the class, the month, the discount, the proration), then what is paid. */
function Working({ item }: { item: LedgerItem }) {
  const lines = item.lines.map((l) => ({ label: workingLabel(l), amount: l.amount }));
  const alone = lines.length === 1 && lines[0]!.label === item.item.trim();
  return (
    <Stack gap={6}>
      {!alone && (
        <>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            How it was worked out
          </Text>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a charge's lines keep their order and have no id
            <WorkingLine key={i} label={l.label} amount={signedText(l.amount)} />
          ))}
          <Divider />
        </>
      )}
      <WorkingLine label="Charged" amount={dollarsText(item.total)} strong={item.paid === 0} />
      {item.paid > 0 && (
        <>
          <WorkingLine label="Paid so far" amount={`−${dollarsText(item.paid)}`} />
          <WorkingLine label="Left to pay" amount={dollarsText(item.open)} strong />
        </>
      )}
    </Stack>
  );
}

/**
 * The charges left to pay, oldest due first, each opening on its working: the family reads which class,
 * which month, which discount and which proration make its amount.
 */
export function OpenCharges({ items, today }: { items: LedgerItem[]; today: string }) {
  if (items.length === 0)
    return (
      <Group gap="sm" wrap="nowrap" py="xs" data-testid="nothing-to-pay">
        <ThemeIcon color="teal" variant="light" radius="xl" size="lg">
          <IconCircleCheck size={20} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm">Nothing to pay right now. New charges show here on the day they are due.</Text>
      </Group>
    );
  return (
    <Accordion variant="contained" radius="md" chevronPosition="left" multiple>
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} data-testid="open-charge">
          <Accordion.Control
            aria-label={`${item.item}: ${dollarsText(item.open)} to pay, ${dueText(item.dueDate, today).toLowerCase()}`}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={600}>
                  {item.item}
                </Text>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {CATEGORY_LABELS[item.category]} · {dueText(item.dueDate, today)}
                  </Text>
                  <DueBadge dueDate={item.dueDate} today={today} />
                </Group>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fw={700} style={NUMBERS} data-testid="open-charge-amount">
                  {dollarsText(item.open)}
                </Text>
                {item.paid > 0 && (
                  <Text size="xs" c="dimmed" style={NUMBERS}>
                    of {dollarsText(item.total)}
                  </Text>
                )}
              </Stack>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Working item={item} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
