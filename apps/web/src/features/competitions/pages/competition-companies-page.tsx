import { Button, Grid, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CompetitionCompanyItem, messages } from '@pirouette/domain';
import { IconArrowLeft, IconPlus, IconTrophy } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useDialog } from '../../../lib/use-dialog';
import { useCompetitionCompanies } from '../api/competitions';
import { CompaniesList } from '../components/companies-list';
import { CompanyDialog } from '../components/company-dialog';
import { CompanyPanel } from '../components/company-panel';

export const COMPANIES_PATH = 'competition/companies';
const PHONE_QUERY = '(max-width: 48em)';

/**
 * The owner's competition companies (issue 19): the companies beside the open one (kept in the
 * address, `?company=`), its locations, the events at each and their entries. On a phone, the list or
 * the open company, with a way back.
 */
export function CompetitionCompaniesPage() {
  const section = findSection(COMPANIES_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const query = useCompetitionCompanies();
  const dialog = useDialog<CompetitionCompanyItem>();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('company');
  const companies = query.data ?? [];
  // A phone opens a company only when asked; a computer shows the first one beside the list.
  const open = companies.find((c) => c.id === chosen) ?? (narrow ? null : (companies[0] ?? null));
  const select = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('company', id);
        else next.delete('company');
        return next;
      },
      { replace: !narrow },
    );

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => dialog.open('new')}>
      Add company
    </Button>
  );
  const header = (
    <PageHeader
      title={section.title}
      description={section.description}
      actions={narrow && open ? undefined : addButton}
    />
  );

  let body: React.ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading competition companies">
        <Skeleton h={64} radius="md" />
        <Skeleton h={64} radius="md" />
      </Stack>
    );
  else if (query.isError)
    body = (
      <LoadError message={errorText(query.error, messages.loadFailed)} onRetry={() => query.refetch()} />
    );
  else if (companies.length === 0)
    body = (
      <EmptyState title={section.emptyTitle} icon={IconTrophy} action={addButton}>
        {section.emptyText}
      </EmptyState>
    );
  else {
    const panel = open && (
      <CompanyPanel
        key={open.id}
        company={open}
        narrow={narrow}
        onEdit={(c) => dialog.open('edit', c)}
        onDelete={(c) => dialog.open('del', c)}
      />
    );
    const list = <CompaniesList companies={companies} selected={open?.id ?? null} onSelect={select} />;
    body = narrow ? (
      open ? (
        <Stack gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => select(null)}
            style={{ alignSelf: 'flex-start' }}
            px={4}
          >
            All competition companies
          </Button>
          {panel}
        </Stack>
      ) : (
        list
      )
    ) : (
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>{list}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>{panel}</Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap="xl">
      {header}
      {body}
      <CompanyDialog
        state={dialog.state}
        opened={dialog.opened}
        onClose={dialog.close}
        onAdded={(id) => select(id)}
      />
    </Stack>
  );
}
