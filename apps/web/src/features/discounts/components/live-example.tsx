import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { centsText, type StudioMoneySettings, unlimitedCapOf } from '@pirouette/domain';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import {
  type ExampleDiscount,
  exampleTuition,
  SAMPLE_FAMILY,
  type SampleChild,
  withChild,
  withClass,
  withoutChild,
  withoutClass,
  withPrice,
} from '../sample-family';
import { ChildClasses, ordinal } from './child-classes';

type Props = {
  family: readonly SampleChild[];
  /** Absent: the family is shown read-only (inside a dialog). */
  onFamilyChange?: (family: SampleChild[]) => void;
  /** The discounts in application order, as `computeFamilyTuition` takes them. */
  discounts: readonly ExampleDiscount[];
  money: Pick<StudioMoneySettings, 'unlimited' | 'siblingIndex'>;
};

/**
 * A sample family's monthly tuition under the studio's discounts, cap and sibling mode, computed by
 * `computeFamilyTuition` as the server computes it: per class the base price, each discount taken and the
 * cap, and the final price; per child and for the family the total.
 */
export function LiveExample({ family, onFamilyChange, discounts, money: settings }: Props) {
  const editable = !!onFamilyChange;
  const change = (next: SampleChild[]) => onFamilyChange?.(next);
  const computed = exampleTuition(family, discounts, settings);
  if (!computed.ok) {
    return (
      <Alert color="yellow" title="No example yet">
        Complete the discount to see what it does to the sample family.
      </Alert>
    );
  }
  const { result } = computed;
  // Children stay in the family's order while prices change; the badge says who counts as first.
  const resultOf = new Map(result.students.map((s) => [s.id, s]));
  const base = family.reduce((sum, c) => sum + c.classes.reduce((s, k) => s + k.price, 0), 0);
  const cap = unlimitedCapOf(settings.unlimited);

  return (
    <Stack gap="sm">
      {family.map((child) => {
        const student = resultOf.get(child.id);
        if (!student) return null;
        return (
          <Card key={student.id} p="sm" withBorder radius="md">
            <Group justify="space-between" mb={4} wrap="nowrap" align="flex-start">
              <Group gap={8} miw={0}>
                <Text fw={700}>{child.name}</Text>
                <Badge variant="light" color={student.position === 0 ? 'plum' : 'gray'}>
                  {student.position === 0 ? 'First child' : `${ordinal(student.position + 1)} child`}
                </Badge>
                {student.cap && (
                  <Badge variant="light" color="teal">
                    Capped at {centsText(student.cap.limit)}
                  </Badge>
                )}
              </Group>
              <Text fw={700} data-testid={`total-${student.id}`}>
                {centsText(student.total)}
              </Text>
            </Group>
            {student.classes.length === 0 ? (
              <Text size="sm" c="dimmed">
                No classes.
              </Text>
            ) : (
              <ChildClasses
                student={student}
                child={child}
                discounts={discounts}
                editable={editable}
                onPrice={(id, cents) => change(withPrice(family, id, cents))}
                onRemoveClass={(id) => change(withoutClass(family, id))}
              />
            )}
            {editable && (
              <Group gap="xs" mt={6}>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => change(withClass(family, child.id))}
                >
                  Add a class
                </Button>
                {family.length > 1 && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="gray"
                    onClick={() => change(withoutChild(family, child.id))}
                  >
                    Remove {child.name}
                  </Button>
                )}
              </Group>
            )}
          </Card>
        );
      })}
      <Group justify="space-between" align="flex-end" px={4}>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            Before discounts {centsText(base)}
            {base > result.total ? ` · the family saves ${centsText(base - result.total)}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {cap ? `Unlimited cap ${centsText(cap.first)} / ${centsText(cap.others)}` : 'No unlimited cap'} ·
            sibling discount counted {settings.siblingIndex === 'student' ? 'by child' : 'by child and class'}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end" ml="auto">
          <Text size="sm" c="dimmed">
            Family total a month
          </Text>
          <Text fz={24} fw={800} data-testid="family-total">
            {centsText(result.total)}
          </Text>
        </Stack>
      </Group>
      {editable && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => change(withChild(family))}
            disabled={family.length >= 6}
          >
            Add a child
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            onClick={() => change(SAMPLE_FAMILY.map((c) => ({ ...c, classes: [...c.classes] })))}
          >
            Reset the family
          </Button>
        </Group>
      )}
    </Stack>
  );
}
