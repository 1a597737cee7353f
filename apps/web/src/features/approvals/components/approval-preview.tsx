import { Alert, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { centsText, formatDateOnly, type ApprovalPreview as Preview } from '@pirouette/domain';
import { errorText } from '../../../lib/notify';

type Props = {
  preview: Preview | undefined;
  loading: boolean;
  error: unknown;
  billFrom: string | undefined;
  onBillFrom: (day: string | undefined) => void;
};

/**
 * What an approval will post, as the server worked it out (issue 31 point 4): for each family the day
 * billing starts, and each charge with its amount. With one family the owner may start billing earlier,
 * back to the registration's start; the server checks the day again.
 */
export function ApprovalPreview({ preview, loading, error, billFrom, onBillFrom }: Props) {
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  if (loading || !preview) return <Skeleton h={96} radius="md" aria-label="Working out the charges" />;
  const one = preview.families.length === 1 ? preview.families[0]! : null;
  return (
    <Stack gap="sm">
      {one && one.earliest !== one.latest && (
        <TextInput
          type="date"
          label="Bill from"
          value={billFrom ?? one.from}
          min={one.earliest}
          max={one.latest}
          onChange={(e) => {
            const day = e.currentTarget.value;
            onBillFrom(day && day !== one.latest ? day : undefined);
          }}
          description={`From ${formatDateOnly(one.earliest)} (the registration's start) to ${formatDateOnly(one.latest)}. Earlier days bill the months it waited.`}
          w={{ base: '100%', xs: 260 }}
        />
      )}
      {preview.families.map((f) => (
        <Stack key={f.familyId} gap={4} aria-label={`What ${f.family} will be charged`}>
          <Text size="sm" fw={600}>
            {f.family} family: billed from {formatDateOnly(f.from)}
          </Text>
          {f.charges.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing is charged now: the plan's payments post on their due dates.
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              Charged when you approve:
            </Text>
          )}
          {f.charges.map((c) => (
            <Group key={`${c.item}:${c.dueDate}`} justify="space-between" wrap="nowrap" gap="md">
              <Text size="sm">
                {c.item}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · due {formatDateOnly(c.dueDate)}
                </Text>
              </Text>
              <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {centsText(c.amount)}
              </Text>
            </Group>
          ))}
          {f.next.length > 0 && (
            <Text size="xs" c="dimmed">
              Then, on their due dates:{' '}
              {f.next
                .map((n) => `${n.item} ${centsText(n.amount)} (${formatDateOnly(n.dueDate)})`)
                .join('; ')}
              .
            </Text>
          )}
          {f.charges.length > 1 && (
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Charged now
              </Text>
              <Text size="sm" fw={600}>
                {centsText(f.total)}
              </Text>
            </Group>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
