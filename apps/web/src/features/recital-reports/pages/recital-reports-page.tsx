import { Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconMasksTheater } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RecitalPicker, useRecitalChoice } from '../../../components/recital-picker';
import { SectionLoadError } from '../../../components/section-load-error';
import { downloadFile } from '../../../lib/download-file';
import { DownloadButton } from '../../books/components/download-button';
import { REPORT_FILES, useReportSummary } from '../api/reports';
import { BuyersPanel, DancerSheet } from '../components/list-panels';
import { MoneyCard, ShowCard } from '../components/show-figures';

export const RECITAL_REPORTS_PATH = 'recital/reports';

/**
 * The recital's reports (issue 38 item 7, decision 076) at /accounts/admin/recital/reports: the income
 * and fees, a card per show with its sections, the families who bought, the printable dancer sheet, and
 * a CSV of each.
 */
export function RecitalReportsPage() {
  const section = findSection(RECITAL_REPORTS_PATH);
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
        <Reports key={recital.id} recitalId={recital.id} recitalName={recital.name} />
      )}
    </Stack>
  );
}

function Reports({ recitalId, recitalName }: { recitalId: string; recitalName: string }) {
  const summary = useReportSummary(recitalId);
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'dancers' ? 'dancers' : 'buyers';
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap">
        {REPORT_FILES.map((f) => (
          <DownloadButton
            key={f.label}
            label={f.label}
            download={() => downloadFile(f.call, { params: { id: recitalId } })}
          />
        ))}
      </Group>
      {summary.isPending ? (
        <Skeleton h={200} radius="md" aria-busy="true" aria-label="Loading the figures" />
      ) : summary.isError ? (
        <SectionLoadError error={summary.error} onRetry={() => summary.refetch()} />
      ) : (
        <>
          <MoneyCard money={summary.data.money} />
          {summary.data.shows.length === 0 ? (
            <Text c="dimmed">No show yet: add the recital’s shows on Shows.</Text>
          ) : (
            summary.data.shows.map((s) => <ShowCard key={s.showId} show={s} />)
          )}
        </>
      )}
      <Card p={{ base: 'md', sm: 'lg' }}>
        <Tabs
          value={tab}
          onChange={(v) =>
            setSearch(
              (p) => {
                const out = new URLSearchParams(p);
                if (v === 'dancers') out.set('tab', 'dancers');
                else out.delete('tab');
                return out;
              },
              { replace: true },
            )
          }
        >
          <Stack gap="md">
            <Tabs.List>
              <Tabs.Tab value="buyers">Families who bought</Tabs.Tab>
              <Tabs.Tab value="dancers">Dancer sheet</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="buyers">
              {tab === 'buyers' && <BuyersPanel recitalId={recitalId} />}
            </Tabs.Panel>
            <Tabs.Panel value="dancers">
              {tab === 'dancers' && <DancerSheet recitalId={recitalId} recitalName={recitalName} />}
            </Tabs.Panel>
          </Stack>
        </Tabs>
      </Card>
    </Stack>
  );
}
