import { Stack } from '@mantine/core';
import { findSection } from '../../../app/paths/admin-sections';
import { PageHeader } from '../../../components/page-header';
import { RecitalDay } from '../components/recital-day';

/** The owner's door and backstage (issue 38 items 5 and 6, decision 075). */
export function DoorPage() {
  const section = findSection('recital/door');
  return (
    <Stack gap="lg" maw={560}>
      <PageHeader title={section.title} description={section.description} />
      <RecitalDay />
    </Stack>
  );
}
