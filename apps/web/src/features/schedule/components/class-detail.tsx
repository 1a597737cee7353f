import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { type ClassFormInputs, type ScheduleClass, scheduleMessages } from '@pirouette/domain';
import { IconLock, IconPencil, IconTrash, IconUserPlus, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorText } from '../../../lib/notify';
import { dayName, levelColor, timeRange } from '../../../lib/schedule-format';
import { ClassRegistrations } from '../../approvals/components/class-registrations';
import { ownerRegistrationHref } from '../../class-registration/lib/owner-href';
import { ClassWaitlist } from '../../waitlist/components/class-waitlist';
import { useClassInfo } from '../api/schedule';
import { ClassFacts } from './class-facts';
import { DanceNumbersSection } from './dance-numbers-section';
import { GenresSection } from './genres-section';
import { RequirementsSection } from './requirements-section';

type Props = {
  cls: ScheduleClass;
  roomName: string;
  inputs: ClassFormInputs | undefined;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
  /** In a drawer the drawer's own header closes it. */
  withClose?: boolean;
};

/** Everything about one class (002 §2 "class detail dialog"): its facts, dance numbers, genres, requirements. */
export function ClassDetail({ cls, roomName, inputs, onEdit, onDelete, onClose, withClose = true }: Props) {
  const info = useClassInfo(cls.id);
  const genres = inputs?.genres ?? [];
  return (
    <Stack gap="lg" aria-label={`Class ${cls.name}`} role="region">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <span
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 99,
                  background: `var(--mantine-color-${levelColor(cls.level)}-6)`,
                }}
              />
              <Title order={3} fz="lg" lh={1.25}>
                {cls.name}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {dayName(cls.day)} · {timeRange(cls.timeStart, cls.timeEnd)} · {roomName}
            </Text>
          </Stack>
          {withClose && (
            <Tooltip label="Close">
              <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="Close class details">
                <IconX size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            {cls.isOpen ? (
              <Badge variant="light" color="teal">
                Open
              </Badge>
            ) : (
              <Badge variant="light" color="gray" leftSection={<IconLock size={11} />}>
                Closed
              </Badge>
            )}
            {cls.isFull && <Badge color="red">Full</Badge>}
          </Group>
          <Group gap="xs">
            <Button
              component={Link}
              to={ownerRegistrationHref({ class: cls.id })}
              size="xs"
              variant="light"
              leftSection={<IconUserPlus size={14} />}
            >
              Register a dancer
            </Button>
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={onDelete}
            >
              Delete
            </Button>
          </Group>
        </Group>
      </Stack>
      <ClassFacts cls={cls} />
      {info.data && <ClassRegistrations registrations={info.data.clsRegAct} cls={cls} />}
      {/* A full class's waitlist: who waits, in what order, and the offers out (issue 15 point 5). */}
      {cls.isFull && <ClassWaitlist classId={cls.id} />}
      <Divider />
      {info.isPending ? (
        <Stack gap="sm">
          <Skeleton h={20} w="40%" />
          <Skeleton h={90} />
          <Skeleton h={60} />
        </Stack>
      ) : info.isError ? (
        <Alert color="red" title={errorText(info.error, scheduleMessages.loadFailed)}>
          <Button size="xs" variant="light" color="red" onClick={() => info.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Stack gap="lg">
          <DanceNumbersSection cls={cls} info={info.data} genres={genres} />
          <Divider />
          <GenresSection classID={cls.id} info={info.data} genres={genres} />
          <Divider />
          {inputs && <RequirementsSection classID={cls.id} info={info.data} inputs={inputs} />}
        </Stack>
      )}
    </Stack>
  );
}
