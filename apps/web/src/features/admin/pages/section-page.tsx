import { Stack } from '@mantine/core';
import { useMatches } from 'react-router';
import { ADMIN_GROUPS, findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/**
 * An admin page whose screen arrives with a later release: its title, what it will hold, and that it is
 * empty. Which page it is comes from its route's handle.
 */
export function SectionPage() {
  const handle = useMatches().at(-1)?.handle as { section?: string } | undefined;
  const section = findSection(handle?.section ?? '');
  const group = ADMIN_GROUPS.find((g) => g.sections.includes(section));
  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} />
      <EmptyState title={section.emptyTitle} icon={group?.icon}>
        {section.emptyText}
      </EmptyState>
    </Stack>
  );
}
