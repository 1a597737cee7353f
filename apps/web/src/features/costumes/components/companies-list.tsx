import { Anchor, Badge, Button, Card, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type CostumeCompanyItem, formatPhone } from '@pirouette/domain';
import { IconRuler } from '@tabler/icons-react';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';

type Props = {
  companies: CostumeCompanyItem[];
  narrow: boolean;
  onEdit: (c: CostumeCompanyItem) => void;
  onDelete: (c: CostumeCompanyItem) => void;
  onChart: (c: CostumeCompanyItem) => void;
};

const stylesText = (n: number) => (n === 0 ? 'No styles' : n === 1 ? '1 style' : `${n} styles`);

function Contact({ c }: { c: CostumeCompanyItem }) {
  const parts = [c.email, formatPhone(c.phone)].filter(Boolean);
  if (!parts.length && !c.website)
    return (
      <Text size="sm" c="dimmed">
        No contact details
      </Text>
    );
  return (
    <Stack gap={0}>
      {parts.length > 0 && <Text size="sm">{parts.join(' · ')}</Text>}
      {c.website && (
        <Anchor
          href={/^https?:\/\//.test(c.website) ? c.website : `https://${c.website}`}
          target="_blank"
          rel="noreferrer"
          size="sm"
        >
          {c.website}
        </Anchor>
      )}
    </Stack>
  );
}

function Sizes({ c }: { c: CostumeCompanyItem }) {
  if (!c.sizes.length)
    return (
      <Text size="sm" c="orange.8">
        No size chart yet
      </Text>
    );
  return (
    <Group gap={4}>
      {c.sizes.map((s) => (
        <Badge key={s} variant="light" color="gray" radius="sm" tt="none">
          {s}
        </Badge>
      ))}
    </Group>
  );
}

function Actions({
  c,
  onEdit,
  onDelete,
  onChart,
  grow,
}: Omit<Props, 'companies' | 'narrow'> & { c: CostumeCompanyItem; grow?: boolean }) {
  const flex = grow ? 1 : undefined;
  return (
    <Group gap="xs" wrap="nowrap" justify={grow ? 'stretch' : 'flex-end'}>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconRuler size={14} />}
        onClick={() => onChart(c)}
        style={{ flex }}
        aria-label={`Size chart of ${c.name}`}
      >
        Size chart
      </Button>
      <EditDeleteButtons name={c.name} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} grow={grow} />
    </Group>
  );
}

/** The studio's costume companies: contact, styles and chart sizes; a table on a computer, cards on a phone. */
export function CompaniesList({ companies, narrow, ...actions }: Props) {
  if (narrow)
    return (
      <Stack gap="sm">
        {companies.map((c) => (
          <Paper key={c.id} withBorder p="sm" data-testid="costume-company">
            <Stack gap={8}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600}>{c.name}</Text>
                <Text size="sm" c="dimmed">
                  {stylesText(c.styles)}
                </Text>
              </Group>
              <Contact c={c} />
              <Sizes c={c} />
              <Actions c={c} {...actions} grow />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Company</Table.Th>
              <Table.Th>Contact</Table.Th>
              <Table.Th>Styles</Table.Th>
              <Table.Th>Chart sizes</Table.Th>
              <Table.Th pr="md">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {companies.map((c) => (
              <Table.Tr key={c.id} data-testid="costume-company">
                <Table.Td pl="md">
                  <Text fw={600} size="sm">
                    {c.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Contact c={c} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{stylesText(c.styles)}</Text>
                </Table.Td>
                <Table.Td>
                  <Sizes c={c} />
                </Table.Td>
                <Table.Td pr="md">
                  <Actions c={c} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
