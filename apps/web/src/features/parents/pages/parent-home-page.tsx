import { Badge, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { type FamilyUser, messages, todayInZone } from '@pirouette/domain';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog';
import { LoadError } from '../../../components/load-error';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { ArrivalAnchor } from '../../cards/components/arrival-anchor';
import { NEW_METHOD_PARAM, PAY_NOW_PARAM } from '../../cards/lib/open-on-arrival';
import { AccountInfoCard } from '../../families/components/account-info-card';
import { StudentsSection } from '../../families/components/students-section';
import { TermsList } from '../../families/components/terms-list';
import { termsState } from '../../families/family-view';
import type { FamilyPerson } from '../../families/person-form';
import { WaitlistCard } from '../../waitlist/components/waitlist-card';
import { useParentAccount } from '../api/parents';
import { parentUsersHint, useFamilyEditor } from '../portal/family-editor';
import {
  AutopayCard,
  BackupMethodCard,
  BankAccountCard,
  CalendarFeedCard,
  FamilyDataCard,
  MakeupsCard,
  MoneyCard,
  ParentAttendanceCard,
  ParentCompetitionsCard,
  ParentCostumesCard,
  PaymentMethodCard,
  PeopleSection,
  PortalTicketsCard,
  TuitionCard,
} from '../portal/lower-cards';
import { PortalSkeleton } from '../portal/portal-skeleton';
import { WelcomeHeader } from '../portal/welcome-header';

// Opened from a term's button: loaded then, not with the portal.
const TermsDialog = lazyDialog(() => import('../portal/terms-dialog').then((m) => m.TermsDialog));
// Taking an offered place with a plan and the terms: the registration's steps, handed to the waitlist card.
const AcceptOfferDialog = lazyDialog(() =>
  import('../../class-registration/components/accept-offer-dialog').then((m) => m.AcceptOfferDialog),
);

/** The parent portal at /accounts/parents (000 §2, 001 §2): the family's own account. */
export function ParentHomePage() {
  const session = useSession();
  const account = useParentAccount();
  const timeZone = session?.user.timeZone ?? '';
  const [today] = useState(() => todayInZone(timeZone || undefined));
  const myEmail = session?.user.email.toLowerCase() ?? '';
  const isMe = (p: FamilyPerson) => 'email' in p && p.email !== '' && p.email.toLowerCase() === myEmail;
  const editor = useFamilyEditor({ info: account.data?.acctInfo, isMe });
  const [reading, setReading] = useState<string | null>(null);

  if (!session) return null;
  if (account.isPending) return <PortalSkeleton />;
  if (account.isError) {
    return (
      <LoadError message={errorText(account.error, messages.loadFailed)} onRetry={() => account.refetch()} />
    );
  }

  const { acctInfo, users, contacts, stds, cls, trmCond, aReg } = account.data;
  const termsToAccept = trmCond.some((t) => termsState(t) !== 'accepted');
  const readTerm = trmCond.find((t) => t.id === reading) ?? null;
  const youBadge = (u: FamilyUser) =>
    isMe(u) ? (
      <Badge size="sm" variant="filled" color="plum">
        You
      </Badge>
    ) : null;

  return (
    <Stack gap="lg">
      <WelcomeHeader
        studioName={session.user.cName}
        firstName={session.user.firstName}
        familyName={acctInfo.lastName}
        yrTrm={session.yrTrm}
        registered={aReg}
      />
      {session.yrTrm && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to="/accounts/parents/register"
            leftSection={<IconCalendarPlus size={18} />}
          >
            Register for classes
          </Button>
        </Group>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <StudentsSection
              students={stds}
              classes={cls}
              today={today}
              onAdd={() => editor.addPerson('student')}
              onEdit={(s) => editor.editPerson('student', s)}
              onDelete={(s) => editor.deletePerson('student', s)}
            />
            <WaitlistCard timeZone={timeZone} acceptDialog={AcceptOfferDialog} />
            <PortalTicketsCard />
            <ArrivalAnchor param={PAY_NOW_PARAM}>
              <MoneyCard studioName={session.user.cName} today={today} />
            </ArrivalAnchor>
            <MakeupsCard />
            <ArrivalAnchor param={NEW_METHOD_PARAM}>
              <PaymentMethodCard studioName={session.user.cName} />
            </ArrivalAnchor>
            <BankAccountCard />
            <BackupMethodCard />
            <AutopayCard />
            <TuitionCard studioName={session.user.cName} />
            <ParentAttendanceCard />
            <ParentCostumesCard studioName={session.user.cName} />
            <ParentCompetitionsCard studioName={session.user.cName} />
            <CalendarFeedCard studioName={session.user.cName} />
            <PeopleSection
              users={users}
              contacts={contacts}
              onAdd={editor.addPerson}
              onEdit={editor.editPerson}
              onDelete={editor.deletePerson}
              userExtra={youBadge}
              canDelete={(_type, p) => !isMe(p)}
              usersHint={parentUsersHint(session.user.cName)}
            />
            <FamilyDataCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <AccountInfoCard info={acctInfo} onEdit={editor.editContactInfo} />
            <SectionCard
              title="Studio terms"
              description="The studio's documents and your family's acceptance."
            >
              {termsToAccept && (
                <Text size="sm">Please read the studio's current terms and accept them for your family.</Text>
              )}
              <TermsList
                terms={trmCond}
                timeZone={timeZone}
                action={(term, state) => (
                  <Button
                    size="compact-sm"
                    variant={state === 'accepted' ? 'subtle' : 'light'}
                    w="fit-content"
                    onClick={() => setReading(term.id)}
                    aria-label={`${state === 'accepted' ? 'Read' : 'Read and accept'} the ${term.title}`}
                  >
                    {state === 'accepted' ? 'Read' : 'Read and accept'}
                  </Button>
                )}
              />
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>
      <Text size="sm" c="dimmed" ta="center">
        Questions about classes or payments? Please contact {session.user.cName} directly.
      </Text>
      {editor.dialogs}
      {readTerm && (
        <TermsDialog term={readTerm} state={termsState(readTerm)} onClose={() => setReading(null)} />
      )}
    </Stack>
  );
}
