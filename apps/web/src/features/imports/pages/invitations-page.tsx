import { Alert, Button, Group, Modal, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { countOf, messages } from '@pirouette/domain';
import { IconInfoCircle, IconMailForward, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify';
import { PARENTS_PAGE_SIZE, useImportedParents, useSendInvitations } from '../api/imports';
import { canPick, ParentsList } from '../components/parents-list';
import { MAX_PICKED, pickedAfterToggle, pickedAfterTogglePage, type Sending } from '../lib/picking';
import { IMPORT_PATH, INVITATIONS_PATH } from './import-page';

const PHONE_QUERY = '(max-width: 48em)';

/** Before the e-mails go out: how many, to whom. */
function ConfirmSend({
  sending,
  busy,
  onClose,
  onConfirm,
}: {
  sending: Sending | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const count = sending?.count ?? 0;
  return (
    <Modal opened={sending !== null} onClose={onClose} title="Send the invitations?" centered>
      <Stack gap="md">
        <Text>
          {countOf(count, 'e-mail goes', 'e-mails go')} out now,{' '}
          {sending?.all ? 'one to every imported parent not yet invited' : 'one to each parent you picked'}.
        </Text>
        <Text size="sm" c="dimmed">
          Each invitation holds a link to set a password and sign in to the family’s account. The link works
          once; you can send a parent a new one later.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={busy} leftSection={<IconMailForward size={18} />}>
            Send {countOf(count, 'invitation', 'invitations')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Invite the families (issue 35 item 5): imported parents get no e-mail until the owner sends the
 * invitations, to all those not yet invited or to the ones picked.
 */
export function InvitationsPage() {
  const section = findSection(INVITATIONS_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [waitingOnly, setWaitingOnly] = useState(true);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState<Sending | null>(null);
  const list = useImportedParents(page, waitingOnly);
  const send = useSendInvitations();
  const header = <PageHeader title={section.title} description={section.description} />;

  if (list.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading the parents">
        {header}
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  if (list.isError)
    return (
      <Stack gap="lg">
        {header}
        <LoadError message={errorText(list.error, messages.loadFailed)} onRetry={() => list.refetch()} />
      </Stack>
    );

  const data = list.data;
  const confirm = () => {
    if (!sending) return;
    send.mutate(
      { body: sending.all ? { all: true } : { ids: [...picked] } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          setSending(null);
          setPicked(new Set());
        },
        onError: (error) => notifyError(error),
      },
    );
  };

  return (
    <Stack gap="lg">
      {header}
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle />}
        title="Nobody has been e-mailed until now"
      >
        An import sends no e-mail. Families hear from your studio when you send the invitations below: each
        parent gets a link to set a password and see the family’s account.
      </Alert>
      <SectionCard
        title="Imported parents"
        description={
          data.waiting > 0
            ? `${countOf(data.waiting, 'parent is', 'parents are')} not yet invited.`
            : 'Every imported parent has been invited.'
        }
        action={
          data.waiting > 0 && (
            <Button
              leftSection={<IconMailForward size={18} />}
              onClick={() => setSending({ all: true, count: data.waiting })}
            >
              Invite all {data.waiting}
            </Button>
          )
        }
      >
        <SegmentedControl
          value={waitingOnly ? 'waiting' : 'all'}
          onChange={(v) => {
            setWaitingOnly(v === 'waiting');
            setPage(1);
          }}
          data={[
            { value: 'waiting', label: 'Not yet invited' },
            { value: 'all', label: 'Every imported parent' },
          ]}
          aria-label="Which parents"
          style={{ alignSelf: 'flex-start' }}
        />
        {data.total === 0 ? (
          <EmptyState
            title={waitingOnly ? 'Nobody waiting for an invitation' : 'No imported parent yet'}
            icon={IconUsers}
            action={
              <Button component={Link} to={adminHref(IMPORT_PATH)} variant="light">
                Move in
              </Button>
            }
          >
            {waitingOnly
              ? 'Every parent brought by an import has been invited.'
              : 'Parents brought by an import are listed here, to invite when you are ready.'}
          </EmptyState>
        ) : (
          <>
            <ParentsList
              parents={data.parents}
              isPicked={(id) => picked.has(id)}
              onToggle={(id) => setPicked((was) => pickedAfterToggle(was, id))}
              onTogglePage={() =>
                setPicked((was) => pickedAfterTogglePage(was, data.parents.filter(canPick)))
              }
              narrow={narrow}
            />
            <ListPager
              page={page}
              total={data.total}
              pageSize={PARENTS_PAGE_SIZE}
              onChange={setPage}
              noun={['parent', 'parents']}
              disabled={list.isPlaceholderData}
            />
          </>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {picked.size > MAX_PICKED
              ? `${picked.size} picked: at most ${MAX_PICKED} at once, or invite all.`
              : picked.size > 0
                ? `${countOf(picked.size, 'parent', 'parents')} picked`
                : 'Pick parents to invite them.'}
          </Text>
          <Button
            variant={picked.size > 0 ? 'filled' : 'default'}
            disabled={picked.size === 0 || picked.size > MAX_PICKED}
            onClick={() => setSending({ all: false, count: picked.size })}
          >
            {picked.size > 0 ? `Invite the ${picked.size} picked` : 'Invite the picked'}
          </Button>
        </Group>
      </SectionCard>
      <ConfirmSend
        sending={sending}
        busy={send.isPending}
        onClose={() => setSending(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
