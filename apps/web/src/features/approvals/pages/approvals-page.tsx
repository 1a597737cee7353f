import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DEFAULT_TIME_ZONE, messages } from '@pirouette/domain';
import { IconCheck, IconChecklist, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import {
  usePendingRegistrations,
  useSetRegistrationStatus,
  useSetRegistrationStatusBulk,
} from '../api/approvals';
import { ConfirmStatusDialog } from '../components/confirm-status-dialog';
import type { PendingRow, StatusRequest } from '../components/pending-row';
import { PendingTable } from '../components/pending-table';

export const APPROVALS_PATH = 'registrations/pending';

/**
 * Parents' registrations waiting for the owner (issue 15 point 2): select some or all and approve or
 * reject them together after one confirmation, or one at a time from its row.
 */
export function ApprovalsPage() {
  const section = findSection(APPROVALS_PATH);
  const session = useSession();
  const timeZone = session?.user.timeZone || DEFAULT_TIME_ZONE;
  const pending = usePendingRegistrations();
  const single = useSetRegistrationStatus();
  const bulk = useSetRegistrationStatusBulk();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [request, setRequest] = useState<StatusRequest | null>(null);
  // On a phone the two buttons share a line, so they say only what they do to the selection.
  const phone = useMediaQuery('(max-width: 36em)');

  const rows = pending.data ?? [];
  // A registration another tab approved leaves the list, and the selection with it.
  const selected = useMemo(
    () => new Set(rows.filter((r) => picked.has(r.clsRegID)).map((r) => r.clsRegID)),
    [rows, picked],
  );
  const selectedRows = rows.filter((r) => selected.has(r.clsRegID));

  const toggle = (id: string) =>
    setPicked((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setPicked(selected.size === rows.length ? new Set() : new Set(rows.map((r) => r.clsRegID)));

  const done = (ids: string[]) => (answer: { msg: string }) => {
    notifySuccess(answer.msg);
    setPicked((was) => new Set([...was].filter((id) => !ids.includes(id))));
    setRequest(null);
  };

  // Approving shows what will be posted first (the dialog's preview), one row or many.
  const approveOne = (row: PendingRow) => setRequest({ status: 1, rows: [row] });

  const confirm = (billFrom?: string) => {
    if (!request) return;
    const ids = request.rows.map((r) => r.clsRegID);
    const callbacks = { onSuccess: done(ids), onError: (e: unknown) => notifyError(e) };
    // One registration goes by its own route; several by the bulk route, in one transaction.
    if (ids.length === 1)
      single.mutate({ params: { clsRegID: ids[0]! }, body: { status: request.status, billFrom } }, callbacks);
    else bulk.mutate({ body: { ids, status: request.status, billFrom } }, callbacks);
  };

  const header = <PageHeader title={section.title} description={section.description} />;
  if (pending.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading the registrations">
        {header}
        <Skeleton h={260} radius="lg" />
      </Stack>
    );
  if (pending.isError)
    return (
      <Stack gap="lg">
        {header}
        <LoadError
          message={errorText(pending.error, messages.loadFailed)}
          onRetry={() => pending.refetch()}
        />
      </Stack>
    );
  if (rows.length === 0)
    return (
      <Stack gap="lg">
        {header}
        <EmptyState
          title={section.emptyTitle}
          icon={IconChecklist}
          action={
            <Button
              component={Link}
              to={`${adminHref('myStudio/settings')}?tab=tuition`}
              variant="light"
              mt="sm"
            >
              Approval settings
            </Button>
          }
        >
          {section.emptyText}
        </EmptyState>
      </Stack>
    );

  return (
    <Stack gap="lg">
      {header}
      <Card p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {selected.size > 0
                ? `${selected.size} of ${rows.length} selected`
                : `${rows.length} waiting · select some to approve or reject them together`}
            </Text>
            <Group gap="xs" grow w={{ base: '100%', xs: 'auto' }}>
              <Button
                size="sm"
                color="teal"
                leftSection={<IconCheck size={16} />}
                disabled={selected.size === 0}
                onClick={() => setRequest({ status: 1, rows: selectedRows })}
                aria-label="Approve selected"
              >
                {phone ? 'Approve' : 'Approve selected'}
              </Button>
              <Button
                size="sm"
                variant="light"
                color="red"
                leftSection={<IconX size={16} />}
                disabled={selected.size === 0}
                onClick={() => setRequest({ status: -1, rows: selectedRows })}
                aria-label="Reject selected"
              >
                {phone ? 'Reject' : 'Reject selected'}
              </Button>
            </Group>
          </Group>
          <PendingTable
            rows={rows}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onApprove={approveOne}
            onReject={(row) => setRequest({ status: -1, rows: [row] })}
            busyId={single.isPending && request?.rows.length === 1 ? request.rows[0]!.clsRegID : null}
            timeZone={timeZone}
          />
        </Stack>
      </Card>
      <ConfirmStatusDialog
        request={request}
        loading={single.isPending || bulk.isPending}
        onConfirm={confirm}
        onClose={() => setRequest(null)}
      />
    </Stack>
  );
}
