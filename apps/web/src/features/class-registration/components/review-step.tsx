import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import {
  centsText,
  classRegistrationMessages,
  dollarsToCents,
  type FamilyQuote,
  type RegistrationBuilder,
  registrationKey,
  WEEKDAYS,
} from '@pirouette/domain';
import { timeRange } from '../../../lib/schedule-format';
import { pairOf, type Selection } from '../lib/selection';

type Change = {
  key: string;
  kind: 'new' | 'dropped';
  name: string;
  who: string;
  when: string;
  price: number;
};

/** The changes in words: each new class and each dropped one, with its dancer, time and monthly price. */
export function changesOf(builder: RegistrationBuilder, selection: Selection, quote: FamilyQuote): Change[] {
  const cls = new Map(builder.sched.cls.map((c) => [c.id, c]));
  const firstName = new Map(builder.acctInfo.stds.map((s) => [s.id, s.firstName]));
  const final = new Map(quote.students.flatMap((s) => s.classes.map((c) => [c.key, c.Pr_f] as const)));
  const added = [...selection.added].map((key): Change => {
    const { studentId, classId } = pairOf(key);
    const c = cls.get(classId);
    return {
      key,
      kind: 'new',
      name: c?.name ?? 'A class',
      who: firstName.get(studentId) ?? '',
      when: c ? `${WEEKDAYS[c.day]} ${timeRange(c.timeStart, c.timeEnd)}` : '',
      price: final.get(registrationKey(studentId, classId)) ?? 0,
    };
  });
  const dropped = builder.acctInfo.regCls
    .filter((r) => selection.dropped.has(r.clRegID))
    .map(
      (r): Change => ({
        key: r.clRegID,
        kind: 'dropped',
        name: r.name,
        who: firstName.get(r.stdID) ?? '',
        when: `${WEEKDAYS[r.day]} ${timeRange(r.Ti, r.Tf)}`,
        price: dollarsToCents(r.Pr_f),
      }),
    );
  return [...added, ...dropped];
}

/** Step 1: what changes, or the spec's sentence when nothing does. */
export function ReviewStep(props: {
  builder: RegistrationBuilder;
  selection: Selection;
  quote: FamilyQuote;
}) {
  const changes = changesOf(props.builder, props.selection, props.quote);
  if (changes.length === 0) {
    return (
      <Alert color="yellow" title="No changes yet" data-testid="no-changes">
        {classRegistrationMessages.noChanges}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {changes.map((c) => (
        <Paper key={c.key} withBorder p="sm" radius="md" data-testid="review-change" data-kind={c.kind}>
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Stack gap={0} miw={0}>
              <Group gap={6}>
                <Badge size="sm" color={c.kind === 'new' ? 'plum' : 'red'} variant="light">
                  {c.kind === 'new' ? 'New' : 'Dropped'}
                </Badge>
                <Text fw={600} td={c.kind === 'dropped' ? 'line-through' : undefined}>
                  {c.name}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {c.who} · {c.when}
              </Text>
            </Stack>
            <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {c.kind === 'new' ? `${centsText(c.price)}/mo` : `was ${centsText(c.price)}/mo`}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
