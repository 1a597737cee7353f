import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatPhone, WEEKDAYS } from '@pirouette/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { ListPager } from '../../../components/list-pager';
import { SectionLoadError } from '../../../components/section-load-error';
import { useClassReport, useDancerReport, useMakeupReport, useStreaks } from '../api/attendance-reports';
import type { Period } from '../period';
import { AttendanceMarks } from './attendance-marks';
import { FiguresTable } from './figures-table';
import { MakeupsTable } from './makeups-table';

type Loading = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** A panel's loading skeleton, load error or empty sentence; null once there is something to show. */
function panelState(query: Loading, empty: string, isEmpty: boolean): ReactNode | null {
  if (query.isPending)
    return <Skeleton h={160} radius="md" aria-busy="true" aria-label="Loading the report" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  if (isEmpty)
    return (
      <Text size="sm" c="dimmed" py="md">
        {empty}
      </Text>
    );
  return null;
}

export function ClassesPanel({ period }: { period: Period }) {
  const [page, setPage] = useState(1);
  const query = useClassReport({ ...period, page });
  const data = query.data;
  return (
    panelState(query, 'No class meets in this period.', data?.items.length === 0) ?? (
      <Stack gap="sm">
        <FiguresTable
          label="Attendance per class"
          first="Class"
          rows={data!.items.map((c) => ({
            ...c,
            key: c.clSchID,
            title: c.name,
            subtitle: `${WEEKDAYS[c.day]} ${c.timeStart} · ${c.teacher}`,
          }))}
        />
        <ListPager
          page={page}
          total={data!.total}
          pageSize={data!.pageSize}
          onChange={setPage}
          noun={['class', 'classes']}
        />
      </Stack>
    )
  );
}

export function DancersPanel({ period }: { period: Period }) {
  const [page, setPage] = useState(1);
  const query = useDancerReport({ ...period, page });
  const data = query.data;
  return (
    panelState(query, 'No dancer is registered in a class in this period.', data?.items.length === 0) ?? (
      <Stack gap="sm">
        <FiguresTable
          label="Attendance per dancer"
          first="Dancer"
          rows={data!.items.map((d) => ({
            ...d,
            key: d.studentId,
            title: (
              <Anchor component={Link} to={accountHref(d.familyId)} inherit>
                {`${d.firstName} ${d.lastName}`.trim()}
              </Anchor>
            ),
            subtitle: d.classes.join(', '),
          }))}
        />
        <ListPager
          page={page}
          total={data!.total}
          pageSize={data!.pageSize}
          onChange={setPage}
          noun={['dancer', 'dancers']}
        />
      </Stack>
    )
  );
}

export function MakeupsPanel({ period }: { period: Period }) {
  const [page, setPage] = useState(1);
  const query = useMakeupReport({ ...period, page });
  const data = query.data;
  return (
    panelState(
      query,
      'No make-up credit was given, booked, used or ended in this period.',
      data?.classes.length === 0,
    ) ?? (
      <Stack gap="sm">
        <MakeupsTable report={data!} />
        <ListPager
          page={page}
          total={data!.count}
          pageSize={data!.pageSize}
          onChange={setPage}
          noun={['class', 'classes']}
        />
      </Stack>
    )
  );
}

/** The early warning: who missed their last three classes, to call their family now. */
export function StreaksPanel() {
  const query = useStreaks();
  const data = query.data;
  const state = panelState(query, 'Nobody has missed their last three classes. 🎉', data?.items.length === 0);
  return (
    <Stack gap="md">
      <Alert
        variant="light"
        color="orange"
        icon={<IconAlertTriangle size={18} />}
        title="Why this list matters"
      >
        Studios lose 20–40% of their recreational dancers between seasons, and most stop coming before they
        leave. A dancer who missed the last three classes in a row is the early warning: a call to the family
        now often keeps them.
      </Alert>
      {state ?? (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          aria-label="Dancers absent 3 times in a row"
          style={{ listStyle: 'none' }}
        >
          {data!.items.map((s) => (
            <Paper
              key={`${s.studentId}-${s.clSchID}`}
              component="li"
              withBorder
              radius="md"
              p="sm"
              data-testid="streak"
            >
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={4} miw={0}>
                  <Text fw={600}>
                    <Anchor component={Link} to={accountHref(s.familyId)} inherit>
                      {`${s.firstName} ${s.lastName}`.trim()}
                    </Anchor>
                  </Text>
                  <Text size="sm">{s.className}</Text>
                  <AttendanceMarks
                    meetings={s.dates.map((date, i) => ({ date, status: s.statuses[i] ?? null })).reverse()}
                    label={`${s.firstName}'s last three meetings of ${s.className}`}
                  />
                </Stack>
                <Stack gap={0} align="flex-end">
                  <Text size="sm" c="dimmed">
                    {s.familyName ? `The ${s.familyName} family` : 'The family'}
                  </Text>
                  {s.phone ? (
                    <Anchor href={`tel:${s.phone}`} size="sm" fw={500}>
                      {formatPhone(s.phone)}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      No phone on file
                    </Text>
                  )}
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
