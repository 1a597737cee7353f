import {
  Alert,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  countOf,
  lengthText,
  type RecitalBoard,
  type RecitalProposal,
  UNASSIGNED_COLUMN,
} from '@pirouette/domain';
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePlaceNumber, usePropose, useSaveAssignment } from '../api/shows';
import { type ProposedShow, proposalColumns } from '../lib/board';
import { NumberCard } from './number-card';
import classes from './shows.module.css';

/** A show of the proposal: its length and its numbers, by name and class. */
function ProposedShowList({ show }: { show: ProposedShow }) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      className={classes.column}
      data-testid="board-column"
      aria-label={show.name}
      component="section"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{show.name}</Title>
          <Text size="sm" c="dimmed">
            {countOf(show.numbers.length, 'number', 'numbers')} · {lengthText(show.seconds)}
          </Text>
        </Group>
        {show.numbers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No number yet.
          </Text>
        ) : (
          <List size="sm" spacing={2} listStyleType="none">
            {show.numbers.map((n) => (
              <List.Item key={n.id}>
                <Text span fw={600} size="sm">
                  {n.name}
                </Text>{' '}
                <Text span size="xs" c="dimmed">
                  {n.className} · {n.songLength}
                </Text>
              </List.Item>
            ))}
          </List>
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
        <SimpleGrid cols={{ base: 1, sm: Math.min(3, Math.max(1, board.shows.length)) }}>
          {proposalColumns(board.shows, proposal).map((c) => (
            <ProposedShowList key={c.id} show={c} />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The column chooser's choices: the numbers without a show, then each show with its count and length. */
const columnChoices = (board: RecitalBoard) => [
  { value: UNASSIGNED_COLUMN, label: `Unassigned (${board.counts.unassigned})` },
  ...board.shows.map((s) => ({
    value: s.id,
    label: `${s.name} (${countOf(s.numbers, 'number', 'numbers')} · ${lengthText(s.seconds)})`,
  })),
];

/** One column of the board, a page of it: its numbers, each moved to a show or locked there. */
function ColumnSection({
  board,
  onPlace,
  busy,
  onPage,
}: {
  board: RecitalBoard;
  onPlace: (numberId: string, showId: string | null, locked: boolean) => void;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const show = board.shows.find((s) => s.id === board.column) ?? null;
  const name = show?.name ?? 'Unassigned';
  const shows = board.shows.map((s) => ({ id: s.id, name: s.name }));
  return (
    <Paper withBorder p="sm" radius="md" data-testid="board-column" aria-label={name} component="section">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{name}</Title>
          <Text size="sm" c="dimmed">
            {countOf(board.total, 'number', 'numbers')}
            {show ? ` · ${lengthText(show.seconds)}` : ''}
          </Text>
        </Group>
        {board.total === 0 ? (
          <Text size="sm" c="dimmed">
            {show ? 'No number yet.' : 'Every number has a show.'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
            {board.numbers.map((n) => (
              <NumberCard
                key={n.id}
                number={n}
                shows={shows}
                busy={busy}
                onPlace={(showId, locked) => onPlace(n.id, showId, locked)}
              />
            ))}
          </SimpleGrid>
        )}
        {board.total > board.pageSize ? (
          <ListPager
            page={board.page}
            total={board.total}
            pageSize={board.pageSize}
            onChange={onPage}
            noun={['number', 'numbers']}
            disabled={busy}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The numbers board (decisions 072 and 106): how many numbers need a show, one column at a time (the
 * numbers without a show, or a show's in running order, with its length), a page of it; a number moved to
 * a show or locked there; "Propose shows" shows a proposal to accept or discard.
 */
export function NumbersBoard({
  board,
  column,
  onColumn,
  onPage,
  turning,
}: {
  board: RecitalBoard;
  column: string;
  onColumn: (column: string) => void;
  onPage: (page: number) => void;
  /** Another column or page is on its way (the last one stays on screen meanwhile). */
  turning: boolean;
}) {
  const place = usePlaceNumber();
  const propose = usePropose();
  const save = useSaveAssignment();
  const [proposal, setProposal] = useState<RecitalProposal | null>(null);
  const { numbers, unassigned } = board.counts;
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

  if (numbers === 0) {
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
            {countOf(numbers, 'number needs', 'numbers need')} a show
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
      <NativeSelect
        label="Numbers of"
        w={{ base: '100%', sm: 360 }}
        value={column}
        onChange={(e) => onColumn(e.currentTarget.value)}
        data={columnChoices(board)}
      />
      <ColumnSection board={board} onPlace={onPlace} busy={place.isPending || turning} onPage={onPage} />
    </Stack>
  );
}
