import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DEFAULT_TIME_ZONE, firstOpenDay, formatDateOnly, messages, monthLabel } from '@pirouette/domain';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { CLOSING_LOG_PAGE_SIZE, useCloseMonth, useClosing, useReopenMonth } from '../api/closing';
import { ClosingLog } from '../components/closing-log';
import { ReopenDialog } from '../components/reopen-dialog';

export const CLOSING_PATH = 'transactions/closing';
const PHONE_QUERY = '(max-width: 48em)';

/**
 * Closing a month (issue 34 item 5): the books' closed-through day, closing the last month that ended
 * (and every one before it), reopening the last closed one with a reason, and the log of both.
 */
export function ClosingPage() {
  const section = findSection(CLOSING_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const timeZone = useSession()?.user.timeZone || DEFAULT_TIME_ZONE;
  const [page, setPage] = useState(1);
  const [reopening, setReopening] = useState<string | null>(null);
  const state = useClosing(page);
  const close = useCloseMonth();
  const reopen = useReopenMonth();
  const header = <PageHeader title={section.title} description={section.description} />;

  if (state.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading the closed months">
        {header}
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  if (state.isError)
    return (
      <Stack gap="lg">
        {header}
        <LoadError message={errorText(state.error, messages.loadFailed)} onRetry={() => state.refetch()} />
      </Stack>
    );
  const s = state.data;
  const closeIt = (month: string) =>
    close.mutate(
      { body: { month } },
      { onSuccess: (answer) => notifySuccess(answer.msg), onError: (error) => notifyError(error) },
    );
  const reopenIt = (reason: string) =>
    reopening &&
    reopen.mutate(
      { body: { month: reopening, reason } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          setReopening(null);
        },
        onError: (error) => notifyError(error),
      },
    );

  return (
    <Stack gap="lg">
      {header}
      <SectionCard
        title="The books"
        description="Closing a month closes it and every month before it: nothing can be recorded dated in them, so their reports stay as they are. A late correction is recorded in the open month and says which month it corrects."
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {s.closedThrough ? <IconLock size={28} aria-hidden /> : <IconLockOpen size={28} aria-hidden />}
          <Stack gap={2}>
            <Title order={4} fz="lg" data-testid="closed-through">
              {s.closedThrough ? `Closed through ${formatDateOnly(s.closedThrough)}` : 'No month is closed'}
            </Title>
            <Text size="sm" c="dimmed">
              {s.closedThrough
                ? `Entries can be dated from ${formatDateOnly(firstOpenDay(s.closedThrough))} on.`
                : 'Entries can be dated on any day up to today.'}
            </Text>
          </Stack>
        </Group>
        {s.closable ? (
          <Alert color="blue" variant="light" title={`${monthLabel(s.closable)} has ended`}>
            <Stack gap="sm">
              <Text size="sm">
                Close it once its deposits, payments and corrections are in. Only you, the owner, can close or
                reopen a month.
              </Text>
              <Group>
                <Button
                  leftSection={<IconLock size={18} />}
                  loading={close.isPending}
                  onClick={() => closeIt(s.closable!)}
                >
                  Close {monthLabel(s.closable)}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Text size="sm">
            The last month that ended is closed. The month under way can be closed once it ends.
          </Text>
        )}
        {s.reopenable && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconLockOpen size={18} />}
              onClick={() => setReopening(s.reopenable)}
            >
              Reopen {monthLabel(s.reopenable)}
            </Button>
          </Group>
        )}
      </SectionCard>
      <SectionCard title="Log" description="Every closing and reopening: who, when, and why.">
        {s.total === 0 ? (
          <Text c="dimmed">No month has been closed yet.</Text>
        ) : (
          <ClosingLog acts={s.acts} narrow={narrow} timeZone={timeZone} />
        )}
        {s.total > 0 && (
          <ListPager
            page={page}
            total={s.total}
            pageSize={CLOSING_LOG_PAGE_SIZE}
            onChange={setPage}
            noun={['act', 'acts']}
          />
        )}
      </SectionCard>
      <ReopenDialog
        month={reopening}
        busy={reopen.isPending}
        onClose={() => setReopening(null)}
        onConfirm={reopenIt}
      />
    </Stack>
  );
}
