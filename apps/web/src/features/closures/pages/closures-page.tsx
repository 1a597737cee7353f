import { ActionIcon, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { addDays, endOfMonth, startOfMonth, todayInZone } from '@pirouette/domain';
import { IconCalendarOff, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { useClosures, useMeetings } from '../api/closures';
import { type ClassOption, ClosureDialog } from '../components/closure-dialog';
import { ClosureList } from '../components/closure-list';
import { MeetingsList } from '../components/meetings-list';
import { MonthGrid } from '../components/month-grid';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthName = (first: string) => MONTH.format(new Date(`${first}T00:00:00Z`));

/** Schedule → Closures (issue 36, decision 062): the month's meetings, its closures, and a new one. */
export function ClosuresPage() {
  const section = findSection('schedule/closures');
  const today = todayInZone();
  const [month, setMonth] = useState(startOfMonth(today));
  const [adding, setAdding] = useState(false);
  const to = endOfMonth(month);
  const meetings = useMeetings(month, to);
  const closures = useClosures(month, to);
  // A phone reads the meetings day by day; a wide screen sees the month as a calendar.
  const wide = useMediaQuery('(min-width: 62em)');

  const classes: ClassOption[] = useMemo(() => {
    const seen = new Map<string, string>();
    for (const m of meetings.data?.items ?? []) seen.set(m.clSchID, m.className);
    return [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [meetings.data]);

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
      Add closure
    </Button>
  );

  let closureBody: ReactNode;
  if (closures.isPending) closureBody = <Skeleton h={96} radius="md" />;
  else if (closures.isError)
    closureBody = <SectionLoadError error={closures.error} onRetry={() => closures.refetch()} />;
  else if (closures.data.items.length === 0)
    closureBody = (
      <Stack gap={4} align="flex-start">
        <Group gap="xs">
          <IconCalendarOff size={18} aria-hidden />
          <Text fw={600}>{section.emptyTitle}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {section.emptyText}
        </Text>
      </Stack>
    );
  else closureBody = <ClosureList closures={closures.data.items} />;

  let meetingBody: ReactNode;
  if (meetings.isPending) meetingBody = <Skeleton h={240} radius="md" />;
  else if (meetings.isError)
    meetingBody = <SectionLoadError error={meetings.error} onRetry={() => meetings.refetch()} />;
  else if (meetings.data.items.length === 0)
    meetingBody = (
      <Text size="sm" c="dimmed">
        No class meets this month: it is outside the studio's terms.
      </Text>
    );
  else if (wide) meetingBody = <MonthGrid month={month} meetings={meetings.data.items} />;
  else meetingBody = <MeetingsList key={month} meetings={meetings.data.items} today={today} />;

  const cancelled = meetings.data?.items.filter((m) => m.closureID).length ?? 0;

  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} actions={addButton} />
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous month"
          onClick={() => setMonth(startOfMonth(addDays(month, -1)))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Title order={2} fz="xl" ta="center">
          {monthName(month)}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next month"
          onClick={() => setMonth(addDays(to, 1))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <SectionCard title="Closures" description="The closures touching this month.">
        {closureBody}
      </SectionCard>
      <SectionCard
        title="Class meetings"
        description={
          meetings.data
            ? `${meetings.data.items.length} meetings this month, ${cancelled} cancelled.`
            : 'Every meeting of the month.'
        }
      >
        {meetingBody}
      </SectionCard>
      <ClosureDialog
        opened={adding}
        onClose={() => setAdding(false)}
        classes={classes}
        day={today >= month && today <= to ? today : month}
      />
    </Stack>
  );
}
