import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { formatPhone, type Teacher } from '@pirouette/domain';
import { IconMail, IconMapPin, IconPencil, IconPhone, IconTrash } from '@tabler/icons-react';

type Props = { teachers: Teacher[]; onEdit: (t: Teacher) => void; onDelete: (t: Teacher) => void };

const fullName = (t: Teacher) => `${t.firstName} ${t.lastName}`;

/** Teachers as a table, for screens wide enough for one. */
export function TeacherTable({ teachers, onEdit, onDelete }: Props) {
  return (
    <Card p={0}>
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>City</Table.Th>
            <Table.Th w={96}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teachers.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td fw={600}>{fullName(t)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhone(t.phone)}</Table.Td>
              <Table.Td>
                <Anchor href={`mailto:${t.email}`} size="sm">
                  {t.email}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {t.city}, {t.state}
              </Table.Td>
              <Table.Td>
                <Group gap={2} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Edit teacher">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit ${fullName(t)}`}
                      onClick={() => onEdit(t)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete teacher">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${fullName(t)}`}
                      onClick={() => onDelete(t)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Teachers as cards, for phones: every detail readable without scrolling sideways. */
export function TeacherCards({ teachers, onEdit, onDelete }: Props) {
  return (
    <Stack gap="sm">
      {teachers.map((t) => (
        <Card key={t.id} padding="md" component="article" aria-label={fullName(t)}>
          <Stack gap={6}>
            <Text fw={600}>{fullName(t)}</Text>
            <Group gap="xs" wrap="nowrap">
              <IconPhone size={16} style={{ flexShrink: 0, opacity: 0.6 }} />
              <Anchor href={`tel:${t.phone}`} size="sm" c="inherit">
                {formatPhone(t.phone)}
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconMail size={16} style={{ flexShrink: 0, opacity: 0.6 }} />
              <Anchor href={`mailto:${t.email}`} size="sm" truncate>
                {t.email}
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <IconMapPin size={16} style={{ flexShrink: 0, opacity: 0.6 }} />
              <Text size="sm">
                {t.city}, {t.state}
              </Text>
            </Group>
            <Group gap="xs" mt={4}>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPencil size={14} />}
                aria-label={`Edit ${fullName(t)}`}
                onClick={() => onEdit(t)}
              >
                Edit
              </Button>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                aria-label={`Delete ${fullName(t)}`}
                onClick={() => onDelete(t)}
              >
                Delete
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
