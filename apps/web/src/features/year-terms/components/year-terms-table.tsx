import { Badge, Card, Divider, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { YearTerm } from '@pirouette/domain';
import { Fragment } from 'react';
import { dateRange } from '../../../lib/format';
import type { DialogMode } from '../../../lib/use-dialog';
import { YearTermActions } from './year-term-actions';

type Props = {
  terms: YearTerm[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onOpen: (mode: DialogMode, term: YearTerm) => void;
};

const SELECTED_BG = 'var(--mantine-primary-color-light)';

/** The term's name as the control that shows its prices below. */
function TermName({ term, selected, onSelect }: { term: YearTerm; selected: boolean; onSelect: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <UnstyledButton
        fw={600}
        style={{ whiteSpace: 'nowrap' }}
        aria-label={`Show the prices of ${term.name}`}
        aria-pressed={selected}
        onClick={onSelect}
      >
        {term.name}
      </UnstyledButton>
      {term.isCurrent && <Badge variant="light">Current</Badge>}
    </Group>
  );
}

/** Phones: each term as a short block. */
function TermsList({ terms, selectedId, onSelect, onOpen }: Props) {
  return (
    <Card p={0}>
      {terms.map((term, i) => (
        <Fragment key={term.id}>
          {i > 0 && <Divider />}
          <Stack
            gap={4}
            p="md"
            bg={term.id === selectedId ? SELECTED_BG : undefined}
            onClick={() => onSelect(term.id)}
          >
            <Group justify="space-between" wrap="nowrap">
              <TermName term={term} selected={term.id === selectedId} onSelect={() => onSelect(term.id)} />
              <YearTermActions term={term} onOpen={onOpen} />
            </Group>
            <Text size="sm">{dateRange(term.dateStart, term.dateEnd)}</Text>
            {term.notes && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {term.notes}
              </Text>
            )}
          </Stack>
        </Fragment>
      ))}
    </Card>
  );
}

/** The studio's terms; a row picks the term whose prices are shown below. */
export function YearTermsTable(props: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const { terms, selectedId, onSelect, onOpen } = props;
  if (narrow) return <TermsList {...props} />;
  return (
    <Card p={0}>
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Notes</Table.Th>
            <Table.Th w={1} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {terms.map((term) => {
            const selected = term.id === selectedId;
            return (
              <Table.Tr
                key={term.id}
                bg={selected ? SELECTED_BG : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onSelect(term.id)}
              >
                <Table.Td>
                  <TermName term={term} selected={selected} onSelect={() => onSelect(term.id)} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {dateRange(term.dateStart, term.dateEnd)}
                </Table.Td>
                <Table.Td c="dimmed">
                  <Text size="sm" lineClamp={2}>
                    {term.notes || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <YearTermActions term={term} onOpen={onOpen} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
