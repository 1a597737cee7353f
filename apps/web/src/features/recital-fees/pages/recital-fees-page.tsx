import { Skeleton, Stack, Text } from '@mantine/core';
import { formatDateOnly } from '@pirouette/domain';
import { IconMasksTheater } from '@tabler/icons-react';
import { useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { RecitalPicker, useRecitalChoice } from '../../../components/recital-picker';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { useFeeOverview } from '../api/fees';
import { FeeSettingsForm } from '../components/fee-settings-form';
import { FeeTable } from '../components/fee-table';
import { PostPanel } from '../components/post-panel';

export const RECITAL_FEES_PATH = 'recital/fees';

/**
 * Why the list of fees is empty, in one true sentence: nobody performs, or they do but no fee is set
 * (a $0.00 fee posts nothing), or nothing is to post nor posted yet.
 */
export function noRowsText(performing: number, amount: number): string {
  if (performing === 0) return 'No dancer performs yet: turn on the recital switch of their dance numbers.';
  if (amount === 0)
    return 'No fee is set, so there is nothing to post: set the fee above and each one’s fee is listed here.';
  return 'No fee is posted or to post yet.';
}

/**
 * The recital fee (issue 38 item 3, decision 073) at /accounts/admin/recital/fees: its settings, what
 * posting will do, the button, and each performing dancer's (or family's) fee state.
 */
export function RecitalFeesPage() {
  const section = findSection(RECITAL_FEES_PATH);
  const { list, recitals, recital, choose } = useRecitalChoice();
  return (
    <Stack gap="lg">
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <RecitalPicker
            recitals={recitals}
            value={recital?.id ?? null}
            onChange={(id) => choose({ recital: id })}
          />
        }
      />
      {list.isPending ? (
        <Skeleton h={240} radius="md" aria-busy="true" aria-label="Loading the recital" />
      ) : list.isError ? (
        <SectionLoadError error={list.error} onRetry={() => list.refetch()} />
      ) : !recital ? (
        <EmptyState title={section.emptyTitle} icon={IconMasksTheater}>
          {section.emptyText}
        </EmptyState>
      ) : (
        <RecitalFees key={recital.id} recitalId={recital.id} />
      )}
    </Stack>
  );
}

function RecitalFees({ recitalId }: { recitalId: string }) {
  const [page, setPage] = useState(1);
  const query = useFeeOverview(recitalId, page);
  if (query.isPending) return <Skeleton h={320} radius="md" aria-busy="true" aria-label="Loading the fees" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  const o = query.data;
  const perFamily = o.settings.per === 'family';
  return (
    <Stack gap="lg">
      <SectionCard
        title="Fee settings"
        description={`${o.recital.name}, ${formatDateOnly(o.recital.firstDay)}. A dancer performs when one of their dance numbers of ${o.terms.length > 0 ? o.terms.join(' and ') : 'the recital’s dance year'} has the recital switch on.`}
      >
        <FeeSettingsForm
          key={`${o.settings.amount}:${o.settings.per}:${o.settings.refundableUntil}`}
          recitalId={recitalId}
          settings={o.settings}
        />
      </SectionCard>
      <SectionCard title="Post to families’ bills">
        <PostPanel recitalId={recitalId} overview={o} />
      </SectionCard>
      <SectionCard
        title={perFamily ? 'Families in the recital' : 'Dancers in the recital'}
        description={`${o.totals.performing} dancer${o.totals.performing === 1 ? '' : 's'} perform${o.totals.performing === 1 ? 's' : ''}.`}
      >
        {o.items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="fees-no-rows">
            {noRowsText(o.totals.performing, o.settings.amount)}
          </Text>
        ) : (
          <Stack gap="sm">
            <FeeTable rows={o.items} perFamily={perFamily} />
            <ListPager
              page={page}
              total={o.total}
              pageSize={o.pageSize}
              onChange={setPage}
              noun={perFamily ? ['family', 'families'] : ['dancer', 'dancers']}
            />
          </Stack>
        )}
      </SectionCard>
    </Stack>
  );
}
