import { Button, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DEFAULT_TIME_ZONE, messages, todayInZone } from '@pirouette/domain';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ACCOUNTS_HREF } from '../../../app/paths/account-href';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { isApiError } from '../../../lib/api-client';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { AccountAttendance } from '../../attendance-reports/components/family-attendance-card';
import { AccountRegistrations } from '../../class-registration/components/account-registrations';
import { AccountCompetitions } from '../../competitions/family/family-competitions-card';
import { AccountCostumes } from '../../costumes/family/family-costumes-card';
import { AccountInfoCard } from '../../families/components/account-info-card';
import { ContactInfoDialog } from '../../families/components/contact-info-dialog';
import { AccountTuition } from '../../family-tuition/components/account-tuition';
import { AccountMakeups } from '../../makeups/components/account-makeups';
import { MoneyPanel } from '../../money/components/money-panel';
import { useAccountInfo, useUpdateContactInfo } from '../api/accounts';
import { AccountAbout } from '../components/account-about';
import { AccountHeader, familyTitle } from '../components/account-header';
import { AccountLog } from '../components/account-log';
import { AccountPeople, AccountStudents, usePersonDialogs } from '../components/account-people';
import { AccountTerms } from '../components/account-terms';
import { DeleteAccount } from '../components/delete-account';
import classes from './account-overview.module.css';

/** A missing family (deleted, or never of this studio) and a malformed id read alike. */
const isMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * One family's account for the owner (001 §2): students, classes, tuition, money, users and contacts,
 * details, terms, log.
 */
export function AccountOverviewPage() {
  const id = useParams().id ?? '';
  const session = useSession();
  const timeZone = session?.user.timeZone || DEFAULT_TIME_ZONE;
  const info = useAccountInfo(id);
  const dialogs = usePersonDialogs(id);
  const updateContact = useUpdateContactInfo();
  const [contactOpened, contactDialog] = useDisclosure(false);

  if (info.isPending) return <OverviewSkeleton />;
  if (info.isError) {
    if (isMissing(info.error)) return <AccountNotFound />;
    return <LoadError message={errorText(info.error, messages.loadFailed)} onRetry={() => info.refetch()} />;
  }

  const { info: account, users, contacts } = info.data;
  const today = todayInZone(timeZone);
  return (
    <Stack gap="lg">
      <AccountHeader info={account} />
      <div className={classes.layout}>
        <div className={classes.main}>
          <Stack gap="lg" className={classes.students}>
            <AccountStudents accountId={id} today={today} dialogs={dialogs} />
            <AccountRegistrations accountId={id} />
            <AccountAttendance accountId={id} />
            <AccountTuition accountId={id} />
            <AccountCostumes accountId={id} />
            <AccountCompetitions accountId={id} />
            <AccountMakeups accountId={id} today={today} />
          </Stack>
          <div className={classes.money}>
            <MoneyPanel accountId={id} today={today} />
          </div>
          <div className={classes.people}>
            <AccountPeople accountId={id} people={{ users, contacts }} dialogs={dialogs} />
          </div>
          <div className={classes.log}>
            <AccountLog accountId={id} timeZone={timeZone} />
          </div>
        </div>
        <div className={classes.side}>
          <div className={classes.contact}>
            <AccountInfoCard info={account} onEdit={contactDialog.open} />
          </div>
          <div className={classes.about}>
            <AccountAbout accountId={id} />
          </div>
          <div className={classes.terms}>
            <AccountTerms accountId={id} timeZone={timeZone} />
          </div>
          <div className={classes.danger}>
            <DeleteAccount accountId={id} familyName={familyTitle(account)} />
          </div>
        </div>
      </div>
      {dialogs.dialogs}
      <ContactInfoDialog
        opened={contactOpened}
        onClose={contactDialog.close}
        info={account}
        onSubmit={async (values) => {
          await updateContact.mutateAsync({ body: { id, ...values } });
          notifySuccess(messages.updateSuccessful);
        }}
      />
    </Stack>
  );
}

function OverviewSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the account">
      <Skeleton h={34} w={280} />
      <Skeleton h={18} w={360} />
      <div className={classes.layout}>
        <div className={classes.main}>
          <Skeleton h={220} radius="lg" className={classes.students} />
          <Skeleton h={240} radius="lg" className={classes.money} />
          <Skeleton h={260} radius="lg" className={classes.people} />
        </div>
        <div className={classes.side}>
          <Skeleton h={200} radius="lg" className={classes.contact} />
          <Skeleton h={120} radius="lg" className={classes.about} />
        </div>
      </div>
    </Stack>
  );
}

function AccountNotFound() {
  const section = findSection('accounts/:id');
  return (
    <EmptyState
      title={section.emptyTitle}
      icon={IconUserQuestion}
      action={
        <Button
          component={Link}
          to={ACCOUNTS_HREF}
          variant="light"
          leftSection={<IconArrowLeft size={16} />}
          mt="sm"
        >
          Back to the list of accounts
        </Button>
      }
    >
      {section.emptyText}
    </EmptyState>
  );
}
