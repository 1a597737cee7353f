import { Badge, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { dollarsText, type FamilyTuition } from '@pirouette/domain';
import { classWhen, signedText } from '../lib/tuition-lines';

type Student = FamilyTuition['students'][number];
type ClassLine = Student['classes'][number];

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * One class's monthly price worked out like a receipt: the base price, each discount by name, the cap,
 * then what the family pays. A class without discount shows its price once.
 */
function ClassPrice({ cls }: { cls: ClassLine }) {
  const worked = cls.lines.length > 1;
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py="xs"
      component="article"
      aria-label={`${cls.name}, ${classWhen(cls.day, cls.timeStart)}`}
      data-testid="class-price"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text fw={600} size="sm">
            {cls.name}
          </Text>
          <Text size="xs" c="dimmed">
            {classWhen(cls.day, cls.timeStart)}
          </Text>
        </Stack>
        {!worked && (
          <Text fw={600} size="sm" style={NUMBERS} data-testid="class-final">
            {dollarsText(cls.Pr_f)}
          </Text>
        )}
      </Group>
      {worked && (
        <Stack gap={2} mt={6}>
          {cls.lines.map((line, i) => (
            <Group
              // Lines have no id; their order is the working's order and never changes in place.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="price-line"
            >
              {/* How the price adds up: parents read it, so it is in the text's own colour (DESIGN.md). */}
              <Text size="xs" miw={0}>
                {line.label}
              </Text>
              <Text
                size="xs"
                c={line.amount < 0 ? 'teal' : undefined}
                style={NUMBERS}
                data-testid="line-amount"
              >
                {signedText(line.amount)}
              </Text>
            </Group>
          ))}
          <Divider my={2} />
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={600}>
              A month
            </Text>
            <Text size="sm" fw={600} style={NUMBERS} data-testid="class-final">
              {dollarsText(cls.Pr_f)}
            </Text>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

/** Each dancer's classes with their prices worked out, and what the dancer's classes come to a month. */
export function DancerPrices({ students }: { students: Student[] }) {
  return (
    <Stack gap="lg">
      {students.map((s) => (
        <Stack key={s.id} gap="xs" component="section" aria-label={`${s.name}'s classes`}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={6} miw={0}>
              <Text fw={700}>{s.name}</Text>
              {s.unlimited && (
                <Badge size="sm" variant="light" color="grape" tt="none">
                  Unlimited cap
                </Badge>
              )}
            </Group>
            <Text fw={700} style={NUMBERS} data-testid="student-total">
              {dollarsText(s.total)}
              <Text span size="sm" fw={400} c="dimmed">
                {' '}
                a month
              </Text>
            </Text>
          </Group>
          {s.classes.map((c) => (
            <ClassPrice key={c.clsRegID} cls={c} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
