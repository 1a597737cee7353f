import { Badge, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { dollarsText, type PrivateLesson } from '@pirouette/domain';
import { IconChevronRight, IconMusic, IconUsers } from '@tabler/icons-react';
import type { TeacherGroup, TypeGroup } from '../group-privates';
import classes from './private-groups.module.css';

type Props = {
  groups: TypeGroup[];
  selectedId: string | null;
  onOpen: (lesson: PrivateLesson) => void;
};

/** "Clair de Lune · Debussy", or whichever of the two is known. */
export function songLine(lesson: Pick<PrivateLesson, 'songName' | 'songArtist'>): string {
  return [lesson.songName, lesson.songArtist].filter(Boolean).join(' · ');
}

export const registeredText = (n: number) => (n === 1 ? '1 registered' : `${n} registered`);

function LessonRow({
  lesson,
  selected,
  onOpen,
}: {
  lesson: PrivateLesson;
  selected: boolean;
  onOpen: () => void;
}) {
  const song = songLine(lesson);
  return (
    <UnstyledButton
      className={classes.row}
      data-selected={selected || undefined}
      onClick={onOpen}
      aria-label={`${lesson.name}, ${lesson.nGenre}, ${dollarsText(lesson.price)}, ${registeredText(lesson.nReg)}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap={8} wrap="nowrap" miw={0}>
            <Text fw={600} size="sm" truncate>
              {lesson.name}
            </Text>
            <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
              {lesson.nGenre}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap" c="dimmed" miw={0}>
            <IconMusic size={13} stroke={1.6} style={{ flexShrink: 0 }} />
            <Text size="xs" c="dimmed" truncate>
              {song || 'No song yet'}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Stack gap={2} align="flex-end">
            <Text size="sm" fw={600} className={classes.money}>
              {dollarsText(lesson.price)}
            </Text>
            <Group gap={4} wrap="nowrap" c={lesson.nReg ? 'teal.8' : 'dimmed'}>
              <IconUsers size={13} stroke={1.8} />
              <Text size="xs" c="inherit" fw={500}>
                {registeredText(lesson.nReg)}
              </Text>
            </Group>
          </Stack>
          <IconChevronRight size={16} className={classes.chevron} />
        </Group>
      </Group>
    </UnstyledButton>
  );
}

function TeacherCard({ group, selectedId, onOpen }: { group: TeacherGroup } & Omit<Props, 'groups'>) {
  return (
    <Card padding={0} component="section" aria-label={group.teacher}>
      <Group justify="space-between" px="md" py="sm" className={classes.cardHead}>
        <Text fw={700} size="sm">
          {group.teacher}
        </Text>
        <Text size="xs" c="dimmed">
          {group.lessons.length === 1 ? '1 lesson' : `${group.lessons.length} lessons`}
        </Text>
      </Group>
      <div className={classes.rows}>
        {group.lessons.map((lesson) => (
          <LessonRow
            key={lesson.id}
            lesson={lesson}
            selected={lesson.id === selectedId}
            onOpen={() => onOpen(lesson)}
          />
        ))}
      </div>
    </Card>
  );
}

/** The lessons of a location by type (Solos, Duets, Trios, Groups), then by teacher (002 §2). */
export function PrivateGroups({ groups, selectedId, onOpen }: Props) {
  return (
    <Stack gap="xl">
      {groups.map((type) => (
        <Stack key={type.type} gap="sm" component="section" aria-label={type.label}>
          <Group gap="xs" align="baseline">
            <Title order={3} fz="lg">
              {type.label}
            </Title>
            <Badge variant="light" size="sm" circle={type.count < 10}>
              {type.count}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {type.teachers.map((group) => (
              <TeacherCard key={group.teacherID} group={group} selectedId={selectedId} onOpen={onOpen} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
