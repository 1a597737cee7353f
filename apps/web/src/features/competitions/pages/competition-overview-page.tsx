import { SectionPage } from '../../admin/pages/section-page';

/** Until this page is built (issue 19): the section's empty state. */
export function CompetitionOverviewPage() {
  return <SectionPage />;
}
