import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { countOf, lengthText, type RecitalBoard, type RecitalProposal } from '@pirouette/domain';
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePlaceNumber, usePropose, useSaveAssignment } from '../api/shows';
import { type Column, columnsOf, proposalColumns } from '../lib/board';
import { NumberCard } from './number-card';
import classes from './shows.module.css';

function ColumnList({
  column,
  shows,
  onPlace,
  busy,
}: {
  column: Column;
  shows: { id: string; name: string }[];
  onPlace?: (numberId: string, showId: string | null, locked: boolean) => void;
  busy?: boolean;
}) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      className={classes.column}
      data-testid="board-column"
      aria-label={column.name}
      component="section"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{column.name}</Title>
          <Text size="sm" c="dimmed">
            {countOf(column.numbers.length, 'number', 'numbers')}
            {column.id !== null ? ` · ${lengthText(column.seconds)}` : ''}
          </Text>
        </Group>
        {column.numbers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {column.id === null ? 'Every number has a show.' : 'No number yet.'}
          </Text>
        ) : (
          column.numbers.map((n) => (
            <NumberCard
              key={n.id}
              number={n}
              shows={shows}
              busy={busy}
              onPlace={onPlace ? (showId, locked) => onPlace(n.id, showId, locked) : undefined}
            />
          ))
        )}
      </Stack>
    </Paper>
  );
}

/** The proposal, shown before the owner accepts it: each show's numbers, and what it could not satisfy. */
function ProposalPanel({
  board,
  proposal,
  onAccept,
  onDiscard,
  accepting,
}: {
  board: RecitalBoard;
  proposal: RecitalProposal;
  onAccept: () => void;
  onDiscard: () => void;
  accepting: boolean;
}) {
  const shows = board.shows.map((s) => ({ id: s.id, name: s.name }));
  return (
    <Paper withBorder p="md" radius="md" data-testid="proposal">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Proposed shows</Title>
          <Group gap="xs">
            <Button variant="default" onClick={onDiscard}>
              Discard
            </Button>
            <Button onClick={onAccept} loading={accepting}>
              Accept proposal
            </Button>
          </Group>
        </Group>
        {proposal.sentences.length > 0 ? (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title="What the proposal could not satisfy"
            data-testid="unsatisfied"
          >
            <List size="sm" spacing={2}>
              {proposal.sentences.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Text size="sm" c="green.8">
            Every family is in one show, every dancer in one show, and the shows are within{' '}
            {lengthText(proposal.toleranceSeconds)} of each other.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: Math.min(3, Math.max(1, shows.length)) }}>
          {proposalColumns(board, proposal).map((c) => (
            <ColumnList key={c.id} column={c} shows={shows} />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * The numbers board (decision 072): each show a column with its length, then the numbers with no show;
 * a number moved to a show or locked there; "Propose shows" shows a proposal to accept or discard.
 */
export function NumbersBoard({ board }: { board: RecitalBoard }) {
  const place = usePlaceNumber();
  const propose = usePropose();
  const save = useSaveAssignment();
  const [proposal, setProposal] = useState<RecitalProposal | null>(null);
  const shows = board.shows.map((s) => ({ id: s.id, name: s.name }));
  const unassigned = board.numbers.filter((n) => n.showId === null).length;
  const onPlace = (numberId: string, showId: string | null, locked: boolean) =>
    place.mutate(
      { params: { recitalId: board.recital.id, numberId }, body: { showId, locked } },
      { onSuccess: () => setProposal(null), onError: (e) => notifyError(e) },
    );
  const ask = () =>
    propose.mutate(
      { params: { recitalId: board.recital.id } },
      { onSuccess: (p) => setProposal(p), onError: (e) => notifyError(e) },
    );
  const accept = () =>
    proposal &&
    save.mutate(
      { params: { recitalId: board.recital.id }, body: { assignment: proposal.assignment } },
      {
        onSuccess: (a) => {
          notifySuccess(a.msg);
          setProposal(null);
        },
        onError: (e) => notifyError(e),
      },
    );

  if (board.numbers.length === 0) {
    return (
      <Text c="dimmed">
        No dance number needs a show yet: a number needs one when one of its dancers has the recital switch on
        {board.terms.length > 0 ? ` (classes of ${board.terms.join(', ')})` : ''}.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={3}>Numbers</Title>
          <Text size="sm" c="dimmed">
            {countOf(board.numbers.length, 'number needs', 'numbers need')} a show
            {unassigned > 0 ? `; ${unassigned} without one yet` : ''}. Lock a number to keep it where it is
            when you ask for a proposal again.
          </Text>
        </Stack>
        <Button
          leftSection={<IconSparkles size={16} />}
          onClick={ask}
          loading={propose.isPending}
          disabled={board.shows.length === 0}
        >
          Propose shows
        </Button>
      </Group>
      {proposal ? (
        <ProposalPanel
          board={board}
          proposal={proposal}
          onAccept={accept}
          onDiscard={() => setProposal(null)}
          accepting={save.isPending}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(4, board.shows.length + 1) }}>
        {columnsOf(board).map((c) => (
          <ColumnList
            key={c.id ?? 'none'}
            column={c}
            shows={shows}
            onPlace={onPlace}
            busy={place.isPending}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
