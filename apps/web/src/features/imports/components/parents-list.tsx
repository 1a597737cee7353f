import { Badge, Box, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { type AnswerOf, formatDateOnly, type importCalls } from '@pirouette/domain';

export type ImportedParent = AnswerOf<typeof importCalls.parents>['parents'][number];

type Props = {
  parents: readonly ImportedParent[];
  isPicked: (id: string) => boolean;
  onToggle: (id: string) => void;
  onTogglePage: () => void;
  narrow: boolean;
};

/** Where a parent stands: joined, invited on a day, or not yet invited. */
function Standing({ parent }: { parent: ImportedParent }) {
  if (parent.joined)
    return (
      <Badge color="teal" variant="light" radius="sm">
        Joined
      </Badge>
    );
  if (parent.invitedAt)
    return (
      <Badge color="blue" variant="light" radius="sm">
        Invited {formatDateOnly(parent.invitedAt)}
      </Badge>
    );
  return (
    <Badge color="gray" variant="light" radius="sm">
      Not invited
    </Badge>
  );
}

const pickLabel = (p: ImportedParent) => `Invite ${p.name} (${p.family} family, ${p.email})`;

/** A parent can be picked unless they have set their password already. */
export const canPick = (p: ImportedParent) => !p.joined && p.email !== '';

/** The imported parents of a page: a table on a wide screen, cards to tick on a phone. */
export function ParentsList({ parents, isPicked, onToggle, onTogglePage, narrow }: Props) {
  const pickable = parents.filter(canPick);
  const allPicked = pickable.length > 0 && pickable.every((p) => isPicked(p.id));
  const somePicked = pickable.some((p) => isPicked(p.id));
  if (narrow)
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Imported parents">
        {parents.map((p) => (
          <Paper component="li" key={p.id} withBorder radius="md" p="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Checkbox
                mt={2}
                checked={isPicked(p.id)}
                onChange={() => onToggle(p.id)}
                disabled={!canPick(p)}
                aria-label={pickLabel(p)}
              />
              <Box miw={0} style={{ flex: 1 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {p.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {p.family} family · {p.email || 'no e-mail'}
                </Text>
                <Box mt={4}>
                  <Standing parent={p} />
                </Box>
              </Box>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table verticalSpacing="sm" highlightOnHover aria-label="Imported parents">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={44}>
            <Checkbox
              checked={allPicked}
              indeterminate={!allPicked && somePicked}
              onChange={onTogglePage}
              disabled={pickable.length === 0}
              aria-label="Pick every parent of this page"
            />
          </Table.Th>
          <Table.Th>Parent</Table.Th>
          <Table.Th>Family</Table.Th>
          <Table.Th>E-mail</Table.Th>
          <Table.Th>Invitation</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {parents.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>
              <Checkbox
                checked={isPicked(p.id)}
                onChange={() => onToggle(p.id)}
                disabled={!canPick(p)}
                aria-label={pickLabel(p)}
              />
            </Table.Td>
            <Table.Td>{p.name}</Table.Td>
            <Table.Td>{p.family}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email}</Table.Td>
            <Table.Td>
              <Standing parent={p} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
