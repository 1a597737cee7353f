import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { centsText, dollarsText, type RegistrationBuilder, type RegistrationResult } from '@pirouette/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PlanPreview } from '../lib/quote';
import { PaymentList } from './payment-list';

type Props = {
  builder: RegistrationBuilder;
  result: RegistrationResult;
  /** The plan as confirmed (the server's figures matched it). */
  plan: PlanPreview | null;
  droppedNames: string[];
  /** Where the wizard goes back to: the parent's family page by default. */
  back?: { to: string; label: string };
  /** What the owner was warned of and registered anyway. */
  warnings?: string[];
  /** The owner's wizard: the family's schedule, and no note on paying online. */
  owner?: boolean;
  /** The parent's wizard: paying the balance by card (features/cards), in place of the note. */
  payment?: ReactNode;
};

const FAMILY_PAGE = { to: '/accounts/parents', label: 'Back to your family' };

/** The end of the wizard: what was registered, whether it waits for the studio, and the payments. */
export function DoneSummary({
  builder,
  result,
  plan,
  droppedNames,
  back = FAMILY_PAGE,
  warnings = [],
  owner = false,
  payment,
}: Props) {
  const cls = new Map(builder.sched.cls.map((c) => [c.id, c]));
  const who = new Map(builder.acctInfo.stds.map((s) => [s.id, s.firstName]));
  const pending = result.regList.some((r) => r.status === 0);
  return (
    <Stack gap="md" data-testid="registration-done">
      <Alert color={pending ? 'yellow' : 'teal'} icon={<IconCircleCheck />} title={result.msg}>
        {warnings.length > 0 && (
          <Text size="sm" data-testid="done-warnings">
            Registered despite: {warnings.join(' ')}
          </Text>
        )}
      </Alert>
      {result.regList.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="xs">
            Classes registered
          </Title>
          <List spacing={4}>
            {result.regList.map((r) => (
              <List.Item key={r.clRegID}>
                <Group gap={6}>
                  <Text size="sm">
                    {cls.get(r.clSchID)?.name ?? 'A class'} ({who.get(r.stdID) ?? ''}): {dollarsText(r.price)}
                    /mo
                  </Text>
                  {r.status === 0 && (
                    <Badge size="xs" color="yellow">
                      Pending approval
                    </Badge>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      {droppedNames.length > 0 && <Text size="sm">Dropped from today: {droppedNames.join(', ')}.</Text>}
      {plan && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={4}>
                {owner ? "The family's" : 'Your'} payment schedule: {plan.name}
              </Title>
              <Text fw={700}>{centsText(plan.revision.total)} for the term</Text>
            </Group>
            {pending && (
              <Text size="sm" c="dimmed">
                Classes pending approval join these payments once the studio approves them.
              </Text>
            )}
            <PaymentList payments={plan.revision.payments} />
          </Stack>
        </Paper>
      )}
      {payment}
      {!owner && !payment && (
        <Text size="sm" c="dimmed">
          Pay by card from your family page, or at the studio's desk.
        </Text>
      )}
      <Button component={Link} to={back.to} variant="light" w="fit-content">
        {back.label}
      </Button>
    </Stack>
  );
}
