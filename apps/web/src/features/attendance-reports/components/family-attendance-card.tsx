import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { type FamilyAttendance, formatDateOnly } from '@pirouette/domain';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { useAccountAttendance, useParentAttendance } from '../api/attendance-reports';
import { rateText } from '../period';
import { AttendanceMarks, MarksLegend } from './attendance-marks';
import { rateColor } from './figures-table';

type Query = ReturnType<typeof useParentAttendance>;

/** A family's attendance this term: per dancer and class, the rate and the last meetings' marks. */
function FamilyAttendanceCard({ query, audience }: { query: Query; audience: 'owner' | 'parent' }) {
  const data: FamilyAttendance | undefined = query.data;
  const description = data
    ? `${formatDateOnly(data.from)} – ${formatDateOnly(data.to)}: the rate counts present and late among the meetings marked.`
    : undefined;
  return (
    <SectionCard title="Attendance" description={description} data-testid="family-attendance">
      {query.isPending ? (
        <Skeleton h={96} radius="md" aria-busy="true" aria-label="Loading attendance" />
      ) : query.isError ? (
        <SectionLoadError error={query.error} onRetry={() => query.refetch()} />
      ) : data!.dancers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {audience === 'parent'
            ? 'Your dancers’ attendance shows here once they are registered in a class.'
            : 'This family’s dancers are in no class this term.'}
        </Text>
      ) : (
        <Stack gap="sm">
          {data!.dancers.map((d) => (
            <Stack key={d.studentId} gap={6}>
              <Text fw={600}>{`${d.firstName} ${d.lastName}`.trim()}</Text>
              {d.classes.map((c) => (
                <Paper key={c.clSchID} withBorder radius="md" p="sm">
                  <Stack gap={6}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm" fw={500} miw={0}>
                        {c.name}
                      </Text>
                      <Badge variant="light" color={rateColor(c.rate)} radius="sm" tt="none">
                        {c.rate === null ? 'Not marked yet' : `${rateText(c.rate)} attended`}
                      </Badge>
                    </Group>
                    <AttendanceMarks
                      meetings={c.last}
                      label={`${d.firstName}'s last meetings of ${c.name}`}
                    />
                    <Text size="xs" c="dimmed">
                      {`${c.present} present · ${c.late} late · ${c.absent} absent · ${c.excused} excused`}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ))}
          <MarksLegend />
        </Stack>
      )}
    </SectionCard>
  );
}

/** The owner's view on a family's overview. */
export function AccountAttendance({ accountId }: { accountId: string }) {
  return <FamilyAttendanceCard query={useAccountAttendance(accountId)} audience="owner" />;
}

/** The parent portal's card (loaded lazily: not in the portal's first download). */
export function ParentAttendanceCard() {
  return <FamilyAttendanceCard query={useParentAttendance()} audience="parent" />;
}
