import { Box, Button, Card, Group, Loader, Skeleton, Stack, Switch } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type AccountList, type AccountStatus, messages } from '@pirouette/domain';
import { IconMail, IconPlus, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useFirstMedia } from '../../../lib/rendered';
import { useSession } from '../../../lib/use-session';
import { CopyParentLinkButton } from '../../admin/components/copy-parent-link';
import { accountListQueryKey, useAccounts } from '../api/accounts';
import { AccountCards, AccountTable } from '../components/account-list';
import { EmailListDialog } from '../components/email-list-dialog';
import { FilterPanel } from '../components/filter-panel';
import { ListToolbar } from '../components/list-toolbar';
import { NewFamilyDialog } from '../components/new-family-dialog';
import {
  emailListRequest,
  listRequest,
  withFilter,
  withOwes,
  withoutFilter,
  withPage,
  withSearch,
  withStatus,
  withView,
} from '../list-params';
import { emptyListText, viewLabel } from '../list-texts';
import { useListState } from '../use-list-state';

/** Below this width the families are cards, not a table (Mantine's `sm`). */
const PHONE_QUERY = '(max-width: 48em)';

type ListState = ReturnType<typeof useListState>;

/** The list's tabs, search, "owes money" and, for a filtered view, its filters. */
function ListFilters({
  state,
  update,
  counts,
  listId,
}: {
  state: ListState[0];
  update: ListState[1];
  counts: AccountList['counts'] | null;
  listId: string;
}) {
  return (
    <Card padding="md">
      <Stack gap="md">
        <ListToolbar
          status={state.status}
          view={state.view}
          q={state.q}
          counts={counts}
          onStatus={(status) => update((s) => withStatus(s, status))}
          onView={(view) => update((s) => withView(s, view))}
          onSearch={(q) => update((s) => withSearch(s, q))}
          listId={listId}
        />
        <Switch
          label="Owes money"
          description="Only the families with a balance to pay"
          checked={state.owes}
          onChange={(e) => {
            const owes = e.currentTarget.checked;
            update((s) => withOwes(s, owes));
          }}
        />
        {state.status === 'active' && state.view === 'filtered' && (
          <FilterPanel
            filter={state.filter}
            onChange={(change) => update((s) => withFilter(s, change))}
            onClear={() => update(withoutFilter)}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The owner home (000 §2): the studio's families by status, searched, filtered and paged by the server. */
export function AccountsListPage() {
  const section = findSection('accounts');
  const session = useSession();
  const queryClient = useQueryClient();
  const firstMedia = useFirstMedia();
  const isPhone = useMediaQuery(PHONE_QUERY, firstMedia.initial, firstMedia.options);
  const [state, update] = useListState();
  const listId = useId();
  const request = listRequest(state);
  const list = useAccounts(request);
  const [emailsOpened, emailsDialog] = useDisclosure(false);
  const [newOpened, newDialog] = useDisclosure(false);

  // The tabs keep their counts while another list loads.
  const lastCounts = useRef<AccountList['counts'] | null>(null);
  if (list.data) lastCounts.current = list.data.counts;
  const counts = lastCounts.current;

  // 001 §4: switching between the active sub-filters shows what is cached; switching lists fetches the list.
  const shownStatus = useRef<AccountStatus>(state.status);
  const requestKey = accountListQueryKey(request);
  useEffect(() => {
    if (shownStatus.current === state.status) return;
    shownStatus.current = state.status;
    // A fetch already under way (a list not cached yet) is not started twice.
    void queryClient.invalidateQueries({ queryKey: requestKey, exact: true }, { cancelRefetch: false });
  }, [state.status, queryClient, requestKey]);

  // A page past the end (a family deleted, a link kept too long) goes back to the last page.
  const data = list.data;
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.items.length === 0 && data.total > 0 && state.page > 1) {
      update((s) => withPage(s, Math.ceil(data.total / data.pageSize)));
    }
  }, [data, list.isPlaceholderData, state.page, update]);

  const noFamilies = counts !== null && counts.active + counts.inactive + counts.incomplete === 0;
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={newDialog.open}>
      New family
    </Button>
  );
  // Wide screens have the same button in the top bar.
  const linkButton = session && (
    <Box hiddenFrom="xl">
      <CopyParentLinkButton companyId={session.user.cID} variant="default" />
    </Box>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = <Skeleton h={isPhone ? 420 : 520} radius="lg" />;
  } else if (list.isError) {
    body = <LoadError message={errorText(list.error, messages.loadFailed)} onRetry={() => list.refetch()} />;
  } else if (list.data.items.length === 0) {
    const empty = emptyListText(state);
    body = (
      <EmptyState title={empty.title} icon={IconUsers}>
        {empty.text}
      </EmptyState>
    );
  } else {
    body = (
      <Box pos="relative" style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {isPhone ? <AccountCards accounts={list.data.items} /> : <AccountTable accounts={list.data.items} />}
      </Box>
    );
  }

  if (noFamilies) {
    return (
      <Stack gap="lg">
        <PageHeader title={section.title} description={section.description} actions={newButton} />
        <EmptyState
          title={section.emptyTitle}
          icon={IconUsers}
          action={
            <Group gap="sm" justify="center" mt="sm">
              {session && <CopyParentLinkButton companyId={session.user.cID} />}
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={newDialog.open}>
                New family
              </Button>
            </Group>
          }
        >
          {section.emptyText} You can also create a family yourself at the front desk.
        </EmptyState>
        <NewFamilyDialog opened={newOpened} onClose={newDialog.close} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <>
            {linkButton}
            <Button variant="default" leftSection={<IconMail size={16} />} onClick={emailsDialog.open}>
              E-mail list
            </Button>
            {newButton}
          </>
        }
      />
      <ListFilters state={state} update={update} counts={counts} listId={listId} />
      <div id={listId}>{body}</div>
      {list.data && list.data.items.length > 0 && (
        <Group justify="space-between" gap="sm">
          <Box style={{ flex: 1 }}>
            <ListPager
              page={state.page}
              total={list.data.total}
              pageSize={list.data.pageSize}
              onChange={(page) => update((s) => withPage(s, page))}
              noun={['family', 'families']}
            />
          </Box>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
      )}
      <EmailListDialog
        opened={emailsOpened}
        onClose={emailsDialog.close}
        request={emailListRequest(state)}
        viewLabel={viewLabel(state)}
      />
      <NewFamilyDialog opened={newOpened} onClose={newDialog.close} />
    </Stack>
  );
}
