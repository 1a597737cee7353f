import { Button, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { can, type YearTerm } from '@pirouette/domain';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { dateRange } from '../../../lib/format';
import { actorOf } from '../../../lib/session';
import { useDialog } from '../../../lib/use-dialog';
import { useSession } from '../../../lib/use-session';
import { TuitionPrices } from '../../tuition/components/tuition-prices';
import { useYearTerms } from '../api/year-terms';
import { YearTermDialog } from '../components/year-term-dialog';
import { YearTermsTable } from '../components/year-terms-table';
import { pickTerm } from '../pick-term';

/** The studio's year terms (002 §3) and, for the chosen term, its class and private tuition prices. */
export function DanceYearPage() {
  const section = findSection('myStudio/dance-year');
  const session = useSession();
  const terms = useYearTerms();
  const dialog = useDialog<YearTerm>();
  const [params, setParams] = useSearchParams();
  const mayManage = can(actorOf(session), 'studio:manage');
  const selected = pickTerm(terms.data ?? [], params.get('term'));
  const select = (id: string) => setParams({ term: id }, { replace: true });

  let body: ReactNode;
  if (terms.isPending) body = <Skeleton h={160} radius="lg" />;
  else if (terms.isError) body = <LoadError onRetry={() => terms.refetch()} />;
  else if (terms.data.length === 0)
    body = (
      <EmptyState title={section.emptyTitle} icon={IconCalendarEvent}>
        Add the studio’s first year term: its dates give it its payment plans.
      </EmptyState>
    );
  else
    body = (
      <Stack gap="xl">
        <YearTermsTable
          terms={terms.data}
          selectedId={selected?.id ?? null}
          onSelect={select}
          onOpen={(mode, term) => dialog.open(mode, term)}
        />
        {selected && (
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Stack gap={2}>
                <Title order={2} fz="xl">
                  Tuition prices
                </Title>
                <Text c="dimmed" size="sm">
                  {selected.name}, {dateRange(selected.dateStart, selected.dateEnd)}
                </Text>
              </Stack>
              <Select
                aria-label="Year term of the prices"
                w={220}
                data={terms.data.map((t) => ({
                  value: t.id,
                  label: t.isCurrent ? `${t.name} (current)` : t.name,
                }))}
                value={selected.id}
                allowDeselect={false}
                onChange={(id) => id && select(id)}
              />
            </Group>
            <TuitionPrices key={selected.id} term={selected} />
          </Stack>
        )}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          mayManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => dialog.open('new')}>
              New year term
            </Button>
          )
        }
      />
      {body}
      <YearTermDialog state={dialog.state} opened={dialog.opened} onClose={dialog.close} />
    </Stack>
  );
}
