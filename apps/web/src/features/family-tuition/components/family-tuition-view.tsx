import { Alert, Divider, Flex, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { countOf, dollarsText, type FamilyTuition, formatDateOnly } from '@pirouette/domain';
import { IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DancerPrices } from './dancer-prices';
import { TuitionPayments } from './tuition-payments';

export type TuitionAudience = 'owner' | 'parent';

type Props = {
  tuition: FamilyTuition;
  /** The parent reads "your family", the owner "the family". */
  audience: TuitionAudience;
  /** Beside the pending registrations: the owner's way to the approvals. */
  pendingAction?: ReactNode;
};

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', flexShrink: 0 } as const;

/** "2 dancers, 3 classes": what the monthly figure covers. */
function classCount(tuition: FamilyTuition) {
  const classes = tuition.students.reduce((n, s) => n + s.classes.length, 0);
  return `${countOf(tuition.students.length, 'dancer', 'dancers')}, ${countOf(classes, 'class', 'classes')}`;
}

/** One of the three figures on top: stacked in columns on wide screens, a label beside its value on phones. */
function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Paper bg="gray.0" radius="md" px="sm" py={8}>
      <Flex
        direction={{ base: 'row', xs: 'column' }}
        justify={{ base: 'space-between', xs: 'flex-start' }}
        align={{ base: 'center', xs: 'flex-start' }}
        gap={{ base: 'sm', xs: 0 }}
      >
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
          {label}
        </Text>
        <Stack gap={0} ta={{ base: 'right', xs: 'left' }}>
          <Text fw={700} fz="lg" style={NUMBERS}>
            {value}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
      </Flex>
    </Paper>
  );
}

function Pending({
  tuition,
  audience,
  action,
}: {
  tuition: FamilyTuition;
  audience: TuitionAudience;
  action?: ReactNode;
}) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconHourglassHigh size={18} />}
      title="Waiting for the studio's approval"
      aria-label="Waiting for the studio's approval"
    >
      <Stack gap="xs">
        <List size="sm" spacing={2}>
          {tuition.pending.map((p) => (
            <List.Item key={p.clsRegID} data-testid="pending-registration">
              {p.name} for {p.student} · {dollarsText(p.Pr_f)} a month
            </List.Item>
          ))}
        </List>
        <Text size="sm">
          {audience === 'parent'
            ? 'These classes join your plan, and your payments are worked out again, once the studio approves them.'
            : "They join the family's plan, and its payments are worked out again, once approved."}
        </Text>
        {action}
      </Stack>
    </Alert>
  );
}

function PlanHeading({ plan }: { plan: NonNullable<FamilyTuition['plan']> }) {
  return (
    <Stack gap={2}>
      <Title order={4} fz="md">
        Payment schedule: {plan.name} plan
      </Title>
      {plan.revision > 1 && (
        <Text size="sm" c="dimmed" data-testid="plan-revision">
          Updated from {formatDateOnly(plan.effectiveDate)}: {plan.reason}. Payments due before then keep
          their amount; the difference is an adjustment.
        </Text>
      )}
    </Stack>
  );
}

/**
 * What a family owes this term, explained (issue 15 point 8): each dancer's classes with their monthly
 * price worked out, the family's monthly total, the plan and its payments with the lines behind each
 * amount, the registration fee, and the classes still waiting for the studio. Every figure is the
 * server's; nothing is computed here.
 */
export function FamilyTuitionView({ tuition, audience, pendingAction }: Props) {
  const family = audience === 'parent' ? 'your family' : 'the family';
  if (tuition.yrTrmID === null)
    return (
      <Text size="sm" c="dimmed">
        The studio has no current season yet: tuition appears here once it has one.
      </Text>
    );
  const nothing = tuition.students.length === 0 && tuition.pending.length === 0 && tuition.plan === null;
  if (nothing)
    return (
      <Text size="sm" c="dimmed" data-testid="tuition-empty">
        {audience === 'parent'
          ? `No classes this season yet. When you register your dancers, each class's price and your payment schedule appear here.`
          : `No classes this season yet. When the family registers, each class's price and its payment schedule appear here.`}
      </Text>
    );

  const { plan, fee } = tuition;
  return (
    <Stack gap="lg">
      {/* Before anything is in a plan, the figures would all read nothing. */}
      {(plan || tuition.students.length > 0) && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure label="Monthly tuition" value={dollarsText(tuition.monthly)} note={classCount(tuition)} />
          <Figure
            label="Payment plan"
            value={plan ? plan.name : 'Not chosen yet'}
            note={plan ? `${dollarsText(plan.total)} in all` : undefined}
          />
          <Figure
            label="Registration fee"
            value={fee ? dollarsText(fee.amount) : '—'}
            note={fee ? `${fee.participation} · ${formatDateOnly(fee.date)}` : 'Not charged yet this season'}
          />
        </SimpleGrid>
      )}

      {tuition.pending.length > 0 && <Pending tuition={tuition} audience={audience} action={pendingAction} />}

      {tuition.students.length > 0 && (
        <Stack gap="sm">
          <Title order={4} fz="md">
            Classes and monthly prices
          </Title>
          <DancerPrices students={tuition.students} />
          <Divider />
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700}>{audience === 'parent' ? 'Your family' : 'The family'} pays a month</Text>
            <Text fw={700} fz="lg" style={NUMBERS} data-testid="family-monthly">
              {dollarsText(tuition.monthly)}
            </Text>
          </Group>
        </Stack>
      )}

      {plan ? (
        <Stack gap="sm">
          <PlanHeading plan={plan} />
          <TuitionPayments plan={plan} />
        </Stack>
      ) : (
        <Stack gap={2} data-testid="no-plan">
          <Title order={4} fz="md">
            Payment schedule
          </Title>
          <Text size="sm" c="dimmed">
            No payment plan yet: {family}'s payments are scheduled once the studio approves a first class.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
