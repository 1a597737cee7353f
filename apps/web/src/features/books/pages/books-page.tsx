import { SimpleGrid, Stack } from '@mantine/core';
import { todayInZone } from '@pirouette/domain';
import { useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/use-session';
import { ExportsCard } from '../components/exports-card';
import { GeneralLedgerCard } from '../components/general-ledger-card';
import { StatementCard } from '../components/statement-card';
import { TrialBalanceCard } from '../components/trial-balance-card';

export const BOOKS_PATH = 'transactions/books';

/**
 * The accountant's reports (issue 34 item 4) at /accounts/admin/transactions/books: the trial balance on
 * any day, an account's general ledger over any period, the journal for QuickBooks Online or Xero, the
 * revenue by month, and a family's statement, each as CSV.
 */
export function BooksPage() {
  const section = findSection(BOOKS_PATH);
  const session = useSession();
  const [today] = useState(() => todayInZone(session?.user.timeZone || undefined));
  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} />
      <TrialBalanceCard today={today} />
      <GeneralLedgerCard today={today} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ExportsCard today={today} />
        <StatementCard today={today} />
      </SimpleGrid>
    </Stack>
  );
}
