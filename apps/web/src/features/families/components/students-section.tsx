import { Avatar, Badge, Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import {
  type FamilyStudent,
  formatDateOnly,
  formatPhone,
  initials,
  type StudentClass,
  WEEKDAYS,
} from '@pirouette/domain';
import { IconAlertTriangle, IconCalendarOff, IconPlus, IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { wrapLongWords } from '../../../components/row-card';
import { SectionHeading } from '../../../components/section-card';
import { timeRange } from '../../../lib/schedule-format';
import {
  classesByStudent,
  classStanding,
  genderLabel,
  isInactiveStanding,
  personName,
  STANDING_BADGE,
  studentAgeText,
} from '../family-view';
import { RowActions } from './row-actions';

type Props = {
  students: FamilyStudent[];
  classes: StudentClass[];
  /** YYYY-MM-DD in the studio's time zone: ages are counted to it. */
  today: string;
  onAdd?: () => void;
  onEdit?: (s: FamilyStudent) => void;
  onDelete?: (s: FamilyStudent) => void;
};

const AVATAR_COLORS = ['plum', 'teal', 'indigo', 'orange', 'cyan', 'grape'] as const;

/** A family's students (001 §2 "students with their classes"): a card each, with this term's classes. */
export function StudentsSection({ students, classes, today, onAdd, onEdit, onDelete }: Props) {
  const byStudent = classesByStudent(classes);
  const addButton = onAdd && (
    <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} onClick={onAdd}>
      Add student
    </Button>
  );
  return (
    <Stack gap="sm" component="section" aria-label="Students">
      <SectionHeading
        title="Students"
        description={
          students.length > 0 ? 'The dancers of the family and their classes this season.' : undefined
        }
        action={students.length > 0 ? addButton : undefined}
      />
      {students.length === 0 ? (
        <EmptyState title="No students yet" icon={IconUsers} action={addButton}>
          Add the family's dancers to register them for classes.
        </EmptyState>
      ) : (
        students.map((student, i) => (
          <StudentCard
            key={student.id}
            student={student}
            classes={byStudent.get(student.id) ?? []}
            today={today}
            color={AVATAR_COLORS[i % AVATAR_COLORS.length]!}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ))
      )}
    </Stack>
  );
}

function StudentCard({
  student,
  classes,
  today,
  color,
  onEdit,
  onDelete,
}: {
  student: FamilyStudent;
  classes: StudentClass[];
  today: string;
  color: string;
  onEdit?: (s: FamilyStudent) => void;
  onDelete?: (s: FamilyStudent) => void;
}) {
  const name = personName(student);
  const age = studentAgeText(student.dob, today);
  const facts = [
    student.dob ? `Born ${formatDateOnly(student.dob)}` : '',
    genderLabel(student.gender),
    formatPhone(student.phone),
  ].filter(Boolean);
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="article" aria-label={name} style={wrapLongWords}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
            <Avatar color={color} radius="xl" variant="light">
              {initials(student.firstName, student.lastName) || '?'}
            </Avatar>
            <Stack gap={2} miw={0}>
              <Group gap="xs" wrap="wrap">
                <Text fw={700} size="lg" lh={1.3}>
                  {name}
                </Text>
                {age && (
                  <Badge variant="light" color={color} radius="sm" tt="none" data-testid="student-age">
                    {age}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {facts.join(' · ')}
              </Text>
              <StudentNotes student={student} />
            </Stack>
          </Group>
          <RowActions
            label={name}
            onEdit={onEdit && (() => onEdit(student))}
            onDelete={onDelete && (() => onDelete(student))}
          />
        </Group>
        <Stack gap="xs">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
            Classes this season
          </Text>
          {classes.length === 0 ? (
            <Group gap="xs" wrap="nowrap">
              <IconCalendarOff size={16} style={{ flexShrink: 0, opacity: 0.5 }} />
              <Text size="sm" c="dimmed">
                Not registered for any class this season.
              </Text>
            </Group>
          ) : (
            classes.map((c) => <ClassRow key={c.clsRegID} cls={c} />)
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

/** The allergies and the note the studio's teachers are shown (issue 36), where the answer has them. */
function StudentNotes({ student }: { student: FamilyStudent }) {
  if (!student.allergies && !student.teacherNote) return null;
  return (
    <Stack gap={2} mt={4}>
      {student.allergies && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-red-7)"
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="sm">
            <Text span fw={600}>
              Allergies:
            </Text>{' '}
            {student.allergies}
          </Text>
        </Group>
      )}
      {student.teacherNote && (
        <Text size="sm" c="dimmed">
          <Text span fw={600}>
            Note for teachers:
          </Text>{' '}
          {student.teacherNote}
        </Text>
      )}
    </Stack>
  );
}

function ClassRow({ cls }: { cls: StudentClass }) {
  const standing = classStanding(cls);
  const inactive = isInactiveStanding(standing);
  const badge = STANDING_BADGE[standing];
  const where = [cls.room, cls.location].filter(Boolean).join(', ');
  const details = [cls.teacher && `with ${cls.teacher}`, where].filter(Boolean).join(' · ');
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={8}
      bg={inactive ? 'gray.0' : undefined}
      data-testid="student-class"
      data-standing={standing}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={0} miw={0} style={{ flex: '1 1 200px' }}>
          <Group gap={6} wrap="wrap">
            <Text
              fw={600}
              size="sm"
              td={inactive ? 'line-through' : undefined}
              c={inactive ? 'dimmed' : undefined}
            >
              {cls.name}
            </Text>
            {badge && (
              <Badge size="xs" variant="light" color={badge.color}>
                {badge.label}
              </Badge>
            )}
          </Group>
          {details && (
            <Text size="xs" c="dimmed">
              {details}
            </Text>
          )}
        </Stack>
        <Text
          size="sm"
          fw={500}
          c={inactive ? 'dimmed' : undefined}
          td={inactive ? 'line-through' : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {WEEKDAYS[cls.day] ?? ''} · {timeRange(cls.timeStart, cls.timeEnd)}
        </Text>
      </Group>
    </Paper>
  );
}
