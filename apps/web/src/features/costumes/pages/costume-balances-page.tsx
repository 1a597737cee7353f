import { findSection } from '../../admin/admin-sections';
import { SectionPage } from '../../admin/pages/section-page';

/** Until this page is built (a helper is on it this session): the section's empty state. */
export function CostumeBalancesPage() {
  findSection('costumes/balances');
  return <SectionPage />;
}
