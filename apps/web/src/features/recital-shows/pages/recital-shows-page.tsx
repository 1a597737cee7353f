import { Button, Group, NativeSelect, SegmentedControl, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { messages, UNASSIGNED_COLUMN } from '@pirouette/domain';
import { IconPlus, IconPrinter, IconTheater } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { RecitalPicker, useRecitalChoice } from '../../../components/recital-picker';
import { errorText } from '../../../lib/notify';
import { useBackstage, useBoard, useProgramme, useShowOrder } from '../api/shows';
import { NumbersBoard } from '../components/numbers-board';
import { BackstageSheet, ProgrammeSheet } from '../components/print-sheets';
import { RecitalCard } from '../components/recital-card';
import { RecitalDialog } from '../components/recital-dialog';
import { RunningOrderPanel } from '../components/running-order-panel';
import classes from '../components/shows.module.css';

type Tab = 'numbers' | 'order' | 'print';

function ShowChooser({
  shows,
  value,
  onChange,
}: {
  shows: { id: string; name: string }[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <NativeSelect
      label="Show"
      w={{ base: '100%', sm: 280 }}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={shows.map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}

function OrderTab({ showId }: { showId: string | null }) {
  const order = useShowOrder(showId);
  if (!showId) return <Text c="dimmed">Add a show first.</Text>;
  if (order.error)
    return (
      <LoadError message={errorText(order.error, messages.loadFailed)} onRetry={() => order.refetch()} />
    );
  if (!order.data)
    return <Skeleton h={200} radius="md" aria-busy="true" aria-label="Loading the running order" />;
  return <RunningOrderPanel data={order.data} />;
}

function PrintTab({ recitalId, showId }: { recitalId: string; showId: string | null }) {
  const [sheet, setSheet] = useState<'programme' | 'backstage'>('programme');
  const programme = useProgramme(recitalId, showId, sheet === 'programme');
  const backstage = useBackstage(sheet === 'backstage' ? showId : null);
  const current = sheet === 'programme' ? programme : backstage;
  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.noPrint}>
        <SegmentedControl
          value={sheet}
          onChange={(v) => setSheet(v as 'programme' | 'backstage')}
          data={[
            { value: 'programme', label: 'Programme' },
            { value: 'backstage', label: 'Backstage list' },
          ]}
        />
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      {current.error ? (
        <LoadError
          message={errorText(current.error, messages.loadFailed)}
          onRetry={() => current.refetch()}
        />
      ) : !showId ? (
        <Text c="dimmed">Add a show first.</Text>
      ) : sheet === 'programme' && programme.data ? (
        <ProgrammeSheet data={programme.data} />
      ) : sheet === 'backstage' && backstage.data ? (
        <BackstageSheet data={backstage.data} />
      ) : (
        <Skeleton h={200} radius="md" aria-busy="true" aria-label="Loading the sheet" />
      )}
    </Stack>
  );
}

/**
 * The recital's shows (issue 38 items 1–2, decision 072): the recital and its shows, the numbers board
 * with the proposal, each show's running order, and the printed programme and backstage list.
 */
export function RecitalShowsPage() {
  const section = findSection('recital/shows');
  const { list, recitals, recital, show, choose } = useRecitalChoice();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const { board, column, showColumn, turnPage } = useBoard(recital?.id ?? null);
  const tab = (
    ['numbers', 'order', 'print'].includes(params.get('tab') ?? '') ? params.get('tab') : 'numbers'
  ) as Tab;
  const setTab = (t: string | null) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.set('tab', t ?? 'numbers');
        return out;
      },
      { replace: true },
    );
  const showId = show?.id ?? board.data?.shows[0]?.id ?? null;

  const header = (
    <div className={classes.noPrint}>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New recital
          </Button>
        }
      />
    </div>
  );
  const dialog = creating ? (
    <RecitalDialog
      opened
      onClose={() => setCreating(false)}
      recital={null}
      onCreated={(id) => choose({ recital: id })}
    />
  ) : null;

  let body: React.ReactNode;
  if (list.error)
    body = <LoadError message={errorText(list.error, messages.loadFailed)} onRetry={() => list.refetch()} />;
  else if (list.isPending)
    body = <Skeleton h={160} radius="md" aria-busy="true" aria-label="Loading the recitals" />;
  else if (!recital)
    body = (
      <EmptyState
        title={section.emptyTitle}
        icon={IconTheater}
        action={<Button onClick={() => setCreating(true)}>Create the recital</Button>}
      >
        {section.emptyText}
      </EmptyState>
    );
  else if (board.error)
    body = (
      <LoadError message={errorText(board.error, messages.loadFailed)} onRetry={() => board.refetch()} />
    );
  else if (!board.data)
    body = <Skeleton h={240} radius="md" aria-busy="true" aria-label="Loading the recital" />;
  else {
    const shows = board.data.shows.map((s) => ({ id: s.id, name: s.name }));
    body = (
      <Stack gap="lg">
        <div className={classes.noPrint}>
          <Stack gap="lg">
            <RecitalPicker
              recitals={recitals}
              value={recital.id}
              onChange={(id) => choose({ recital: id })}
            />
            <RecitalCard board={board.data} />
          </Stack>
        </div>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List className={classes.noPrint}>
            <Tabs.Tab value="numbers">Numbers</Tabs.Tab>
            <Tabs.Tab value="order">Running order</Tabs.Tab>
            <Tabs.Tab value="print">Print</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="numbers" pt="md">
            <NumbersBoard
              board={board.data}
              column={column ?? UNASSIGNED_COLUMN}
              onColumn={showColumn}
              onPage={turnPage}
              turning={board.isPlaceholderData}
            />
          </Tabs.Panel>
          <Tabs.Panel value="order" pt="md">
            <Stack gap="md">
              {shows.length > 1 ? (
                <ShowChooser shows={shows} value={showId} onChange={(id) => choose({ show: id })} />
              ) : null}
              <OrderTab showId={showId} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="print" pt="md">
            <Stack gap="md">
              {shows.length > 1 ? (
                <div className={classes.noPrint}>
                  <ShowChooser shows={shows} value={showId} onChange={(id) => choose({ show: id })} />
                </div>
              ) : null}
              <PrintTab recitalId={recital.id} showId={showId} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      {header}
      {body}
      {dialog}
    </Stack>
  );
}
