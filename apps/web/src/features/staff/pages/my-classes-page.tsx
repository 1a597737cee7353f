import { Badge, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDateOnly, messages, type TeacherDancer } from '@pirouette/domain';
import { IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { errorText } from '../../../lib/notify';
import { dayName, plural, timeRange } from '../../../lib/schedule-format';
import { useTeacherClasses } from '../api/staff';
import { DancerRow } from '../components/dancer-row';

type CardProps = { title: string; when?: string; place: string; dancers: TeacherDancer[] };

/** One class or private lesson: when and where, then its dancers. */
function LessonCard({ title, when, place, dancers }: CardProps) {
  const allergies = dancers.filter((d) => d.allergies).length;
  return (
    <Card withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="lg">
              {title}
            </Title>
            {when && <Text fw={500}>{when}</Text>}
            {place && (
              <Group gap={4} c="dimmed" wrap="nowrap">
                <IconMapPin size={14} style={{ flexShrink: 0 }} />
                <Text size="sm">{place}</Text>
              </Group>
            )}
          </div>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Badge variant="light" leftSection={<IconUsers size={12} />}>
              {plural(dancers.length, 'dancer')}
            </Badge>
            {allergies > 0 && (
              <Badge color="red" variant="light">
                {plural(allergies, 'allergy', 'allergies')}
              </Badge>
            )}
          </Stack>
        </Group>
        {dancers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No dancer is registered for today.
          </Text>
        ) : (
          <div>
            {dancers.map((d) => (
              <DancerRow key={d.id} dancer={d} />
            ))}
          </div>
        )}
      </Stack>
    </Card>
  );
}

const placeOf = (room: string, location: string) => [room, location].filter(Boolean).join(', ');

/**
 * My classes (issue 36, decision 061): the teacher's classes and private lessons of the current term,
 * phone first, with each dancer's age, allergies and note and the family's numbers to call. No money.
 */
export function MyClassesPage() {
  const mine = useTeacherClasses();
  let body: ReactNode;
  if (mine.isPending) body = <Skeleton h={260} radius="md" />;
  else if (mine.isError)
    body = <LoadError message={errorText(mine.error, messages.loadFailed)} onRetry={() => mine.refetch()} />;
  else if (mine.data.classes.length === 0 && mine.data.privates.length === 0)
    body = (
      <EmptyState title="No classes yet">
        {mine.data.term
          ? `You teach no class or private lesson in ${mine.data.term}. The studio assigns them on its schedule.`
          : 'The studio has no current dance year yet.'}
      </EmptyState>
    );
  else
    body = (
      <Stack gap="md">
        {mine.data.classes.map((c) => (
          <LessonCard
            key={c.id}
            title={c.name}
            when={`${dayName(c.day)} ${timeRange(c.timeStart, c.timeEnd)}`}
            place={placeOf(c.room, c.location)}
            dancers={c.dancers}
          />
        ))}
        {mine.data.privates.length > 0 && (
          <Title order={2} fz="md" mt="sm">
            Private lessons
          </Title>
        )}
        {mine.data.privates.map((p) => (
          <LessonCard key={p.id} title={p.name} place={p.location} dancers={p.dancers} />
        ))}
      </Stack>
    );
  return (
    <Container size="sm" px={{ base: 'xs', sm: 'md' }} py="md">
      <Stack gap="md">
        <div>
          <Title order={1} fz={26}>
            My classes
          </Title>
          {mine.data && (
            <Text c="dimmed" size="sm">
              {mine.data.term ? `${mine.data.term} · ` : ''}dancers as of {formatDateOnly(mine.data.today)}
            </Text>
          )}
        </div>
        {body}
      </Stack>
    </Container>
  );
}
