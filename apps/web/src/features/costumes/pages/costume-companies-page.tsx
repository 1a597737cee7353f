import { Button, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CostumeCompanyItem, messages } from '@pirouette/domain';
import { IconBuildingWarehouse, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useDialog } from '../../../lib/use-dialog';
import { PageSection } from '../../autopay/components/page-section';
import { useCostumeCompanies } from '../api/costumes';
import { CompaniesList } from '../components/companies-list';
import { CompanyDialog } from '../components/company-dialog';
import { CostumeSettingsCard } from '../components/costume-settings-card';
import { SizeChartDialog } from '../components/size-chart-dialog';

export const COMPANIES_PATH = 'costumes/companies';
const PHONE_QUERY = '(max-width: 48em)';

/** The owner's costume companies (issue 18): each with its contact and size chart, and the studio's deposit. */
export function CostumeCompaniesPage() {
  const section = findSection(COMPANIES_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const query = useCostumeCompanies();
  const dialog = useDialog<CostumeCompanyItem>();
  const [chartOf, setChartOf] = useState<CostumeCompanyItem | null>(null);
  const [chartOpened, setChartOpened] = useState(false);
  const openChart = (c: CostumeCompanyItem) => {
    setChartOf(c);
    setChartOpened(true);
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => dialog.open('new')}>
      Add company
    </Button>
  );
  const header = <PageHeader title={section.title} description={section.description} actions={addButton} />;

  let list: React.ReactNode;
  if (query.isPending)
    list = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading costume companies">
        <Skeleton h={narrow ? 180 : 56} radius="md" />
        <Skeleton h={narrow ? 180 : 56} radius="md" />
      </Stack>
    );
  else if (query.isError)
    list = (
      <LoadError message={errorText(query.error, messages.loadFailed)} onRetry={() => query.refetch()} />
    );
  else if (query.data.length === 0)
    list = (
      <EmptyState title={section.emptyTitle} icon={IconBuildingWarehouse} action={addButton}>
        {section.emptyText}
      </EmptyState>
    );
  else
    list = (
      <CompaniesList
        companies={query.data}
        narrow={narrow}
        onEdit={(c) => dialog.open('edit', c)}
        onDelete={(c) => dialog.open('del', c)}
        onChart={openChart}
      />
    );

  return (
    <Stack gap="xl">
      {header}
      <PageSection
        title="Companies"
        description="The companies you order costumes from. A company's size chart suggests each dancer's size."
      >
        {list}
      </PageSection>
      <CostumeSettingsCard />
      <CompanyDialog state={dialog.state} opened={dialog.opened} onClose={dialog.close} />
      <SizeChartDialog company={chartOf} opened={chartOpened} onClose={() => setChartOpened(false)} />
    </Stack>
  );
}
