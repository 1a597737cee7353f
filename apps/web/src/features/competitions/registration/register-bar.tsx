import { Button, Group, Paper, Text } from '@mantine/core';
import { dollarsText } from '@pirouette/domain';

/**
 * The selection's total and its buttons, kept in sight at the bottom of the lists: how many dancers
 * registering it adds and what their families are charged.
 */
export function RegisterBar({
  count,
  price,
  loading,
  onClear,
  onRegister,
}: {
  count: number;
  price: number;
  loading: boolean;
  onClear: () => void;
  onRegister: () => void;
}) {
  return (
    <Paper withBorder shadow="sm" radius="md" p="sm" style={{ position: 'sticky', bottom: 8, zIndex: 2 }}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500}>
          {count === 0
            ? 'Nothing selected yet.'
            : `${count === 1 ? '1 dancer' : `${count} dancers`} selected · ${dollarsText(count * price)} in fees`}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={onClear} disabled={count === 0 || loading}>
            Clear
          </Button>
          <Button size="sm" onClick={onRegister} disabled={count === 0} loading={loading}>
            Register
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
