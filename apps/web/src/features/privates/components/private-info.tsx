import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { dollarsText, messages, type PrivateLesson } from '@pirouette/domain';
import { IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { unlessDialogAbove } from '../../../lib/drawer-close';
import { errorText } from '../../../lib/notify';
import { usePrivate } from '../api/privates';
import { typeName } from '../group-privates';
import { placesText } from '../registration-values';
import { RegistrationCard } from './registration-card';

type Props = {
  /** The lesson as the list has it: shown at once while its details load. */
  lesson: PrivateLesson | null;
  opened: boolean;
  onClose: () => void;
  locationName: (id: string) => string;
  onEdit: (lesson: PrivateLesson) => void;
  onDelete: (lesson: PrivateLesson) => void;
  onRegister: (lesson: PrivateLesson, registeredIds: string[]) => void;
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** One lesson's details and its registrations (002 §2 "info dialog"), beside the list on a laptop. */
export function PrivateInfo({ lesson, opened, onClose, locationName, onEdit, onDelete, onRegister }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const detail = usePrivate(lesson?.id ?? null);
  const info = detail.data?.info ?? lesson;
  const regList = detail.data?.regList ?? [];

  let registrations: ReactNode;
  if (detail.isPending) registrations = <Skeleton h={96} radius="md" />;
  else if (detail.isError)
    registrations = (
      <Alert color="red" title={errorText(detail.error, messages.loadFailed)}>
        <Button size="xs" variant="light" mt="xs" onClick={() => detail.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (regList.length === 0)
    registrations = (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        No students registered yet.
      </Text>
    );
  else
    registrations = (
      <Stack gap="xs">
        {regList.map((r) => (
          <RegistrationCard key={r.privRegID} registration={r} />
        ))}
      </Stack>
    );

  return (
    <Drawer
      opened={opened}
      onClose={unlessDialogAbove(onClose)}
      position="right"
      size={isPhone ? '100%' : 560}
      padding="lg"
      title={info?.name}
      styles={{
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' },
        header: { paddingBottom: 4 },
      }}
    >
      {info && (
        <Stack gap="lg">
          <Group justify="space-between" gap="xs">
            <Badge variant="light" size="lg" radius="sm">
              {typeName(info.type)}
            </Badge>
            <Group gap={4}>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} />}
                onClick={() => onEdit(info)}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onDelete(info)}
              >
                Delete
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            <Fact label="Genre">{info.nGenre}</Fact>
            <Fact label="Price">
              {info.priceName} · {dollarsText(info.price)}
            </Fact>
            <Fact label="Teacher">{info.teacher}</Fact>
            <Fact label="Location">{locationName(info.locationID)}</Fact>
            <Fact label="Song">
              {info.songName || '—'}
              {info.songArtist && (
                <Text span size="sm" c="dimmed">
                  {' '}
                  by {info.songArtist}
                </Text>
              )}
            </Fact>
            <Fact label="Length">{info.songLength}</Fact>
          </SimpleGrid>
          <Divider />
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Group gap="xs" align="baseline">
                <Title order={3} fz="md">
                  Students
                </Title>
                {!detail.isPending && (
                  <Badge
                    variant="light"
                    size="sm"
                    tt="none"
                    color={regList.length > info.nDancers ? 'orange' : undefined}
                    title="Registrations of the dancers the lesson's price is for"
                  >
                    {placesText(regList.length, info.nDancers)}
                  </Badge>
                )}
              </Group>
              <Button
                size="xs"
                leftSection={<IconUserPlus size={14} />}
                disabled={detail.isPending}
                onClick={() =>
                  onRegister(
                    info,
                    regList.map((r) => r.studentID),
                  )
                }
              >
                Register a student
              </Button>
            </Group>
            {registrations}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
