import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { IconTrophy } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useOverviewEvents, useRunningOrder } from '../overview/api';
import { EventCards } from '../overview/event-cards';
import classes from '../overview/overview.module.css';
import { RunningOrderPanel } from '../overview/running-order-panel';

/**
 * The competition overview (issue 19 point 4, decision 033): the season's upcoming events with their
 * figures; the one opened (kept in the address) shows its running order with the quick-change clashes.
 */
export function CompetitionOverviewPage() {
  const section = findSection('competition/overview');
  const [params, setParams] = useSearchParams();
  const events = useOverviewEvents();
  const list = events.data?.events ?? [];
  const asked = params.get('event');
  // An event no longer upcoming (or mistyped in the address): the first one instead.
  const openId = list.find((e) => e.id === asked)?.id ?? list[0]?.id ?? null;
  const order = useRunningOrder(openId);

  const header = (
    <div className={classes.noPrint}>
      <PageHeader title={section.title} description={section.description} />
    </div>
  );
  if (events.isPending)
    return (
      <Stack gap="xl">
        {header}
        <Skeleton h={120} radius="md" aria-busy="true" aria-label="Loading the competition overview" />
      </Stack>
    );
  if (events.error)
    return (
      <Stack gap="xl">
        {header}
        <LoadError message={errorText(events.error, messages.loadFailed)} onRetry={() => events.refetch()} />
      </Stack>
    );
  if (list.length === 0)
    return (
      <Stack gap="xl">
        {header}
        <EmptyState
          title={section.emptyTitle}
          icon={IconTrophy}
          action={
            <Button component={Link} to="/accounts/admin/competition/companies">
              Add a competition event
            </Button>
          }
        >
          No competition event is coming up. Add an event with its entries, register your dancers, and their
          totals and running order will show here.
        </EmptyState>
      </Stack>
    );

  return (
    <Stack gap="xl">
      {header}
      <EventCards
        events={list}
        openId={openId}
        onOpen={(id) =>
          setParams(
            (p) => {
              p.set('event', id);
              return p;
            },
            { replace: true },
          )
        }
      />
      {order.isPending ? (
        <Skeleton
          h={240}
          radius="md"
          aria-busy="true"
          aria-label="Loading the running order"
          className={classes.noPrint}
        />
      ) : order.error ? (
        <LoadError message={errorText(order.error, messages.loadFailed)} onRetry={() => order.refetch()} />
      ) : order.data ? (
        <RunningOrderPanel data={order.data} />
      ) : (
        <Text c="dimmed">Open an event to see its running order.</Text>
      )}
    </Stack>
  );
}
