import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { formatPhone, type TeacherDancer } from '@pirouette/domain';
import { IconAlertTriangle, IconPhone } from '@tabler/icons-react';

/** One dancer on a teacher's phone: name, age, allergies and note, and the family's numbers to tap. */
export function DancerRow({ dancer }: { dancer: TeacherDancer }) {
  const name = `${dancer.firstName} ${dancer.lastInitial}`.trim();
  return (
    <Stack gap={4} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{name}</Text>
        {dancer.age !== null && (
          <Badge variant="light" color="gray" radius="sm" tt="none">
            Age {dancer.age}
          </Badge>
        )}
        {dancer.allergies && (
          <Badge
            color="red"
            variant="light"
            radius="sm"
            tt="none"
            leftSection={<IconAlertTriangle size={12} />}
          >
            Allergy: {dancer.allergies}
          </Badge>
        )}
      </Group>
      {dancer.note && (
        <Text size="sm" c="dimmed">
          {dancer.note}
        </Text>
      )}
      {dancer.phones.length > 0 && (
        <Group gap="md" wrap="wrap">
          {dancer.phones.map((p) => (
            <Anchor
              key={`${p.name}-${p.phone}`}
              href={`tel:+1${p.phone}`}
              size="sm"
              aria-label={`Call ${p.name} about ${dancer.firstName}: ${formatPhone(p.phone)}`}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 32 }}
            >
              <IconPhone size={14} /> {p.name} {formatPhone(p.phone)}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}
