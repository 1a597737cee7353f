import { Loader, Stack } from '@mantine/core';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RecitalPicker, useRecitalChoice } from '../../../components/recital-picker';
import { SectionLoadError } from '../../../components/section-load-error';
import { useSeating } from '../api/seating';
import { SalesForm } from '../components/sales-form';
import { SeatingEditor } from '../components/seating-editor';

/** The owner's seating and prices of a recital (issue 38 item 4, decision 075). */
export function SeatingPage() {
  const section = findSection('recital/seating');
  const { list, recitals, recital, choose } = useRecitalChoice();
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={section.title} description={section.description} />
      <RecitalPicker
        recitals={recitals}
        value={recital?.id ?? null}
        onChange={(id) => choose({ recital: id })}
      />
      {list.isPending ? (
        <Loader />
      ) : !recital ? (
        <EmptyState title={section.emptyTitle ?? 'No recital yet'}>{section.emptyText}</EmptyState>
      ) : (
        <RecitalSeating key={recital.id} recitalId={recital.id} />
      )}
    </Stack>
  );
}

function RecitalSeating({ recitalId }: { recitalId: string }) {
  const seating = useSeating(recitalId);
  if (seating.isPending) return <Loader />;
  if (seating.isError) return <SectionLoadError error={seating.error} onRetry={() => seating.refetch()} />;
  const page = seating.data;
  const sections = page.layout.sections.map((s) => s.name);
  return (
    <>
      <SeatingEditor
        key={`${page.seats.length}`}
        recitalId={recitalId}
        initial={page.layout}
        stored={page.seats}
      />
      <SalesForm
        key={JSON.stringify(sections)}
        recitalId={recitalId}
        initial={page.sales}
        sections={sections}
      />
    </>
  );
}
