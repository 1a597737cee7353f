import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { messages, type StaffMember } from '@pirouette/domain';
import { IconUserStar } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText, notifyResult } from '../../../lib/notify';
import { useInviteTeacher, useRevokeTeacher, useStaffRegistration } from '../api/staff';
import { StaffRow } from '../components/staff-row';

/**
 * Staff → Registration (issue 36, decision 061): the studio's teachers and how each signs in. The owner
 * invites one (a mail with the link; the link itself is never shown here), sends it again, or revokes.
 */
export function StaffRegistrationPage() {
  const section = findSection('staff/registration');
  const staff = useStaffRegistration();
  const invite = useInviteTeacher();
  const revoke = useRevokeTeacher();
  const [revoking, setRevoking] = useState<StaffMember | null>(null);
  const closeRevoke = () => setRevoking(null);

  const onInvite = (m: StaffMember) => invite.mutate({ body: { teacherID: m.teacherID } }, notifyResult());

  let body: ReactNode;
  if (staff.isPending) body = <Skeleton h={220} radius="lg" />;
  else if (staff.isError)
    body = (
      <LoadError message={errorText(staff.error, messages.loadFailed)} onRetry={() => staff.refetch()} />
    );
  else if (staff.data.length === 0)
    body = (
      <EmptyState
        title={section.emptyTitle}
        icon={IconUserStar}
        action={
          <Button component={Link} to={adminHref('staff')}>
            Go to Staff → Teachers
          </Button>
        }
      >
        {section.emptyText}
      </EmptyState>
    );
  else
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Each teacher is invited at the e-mail address of their teacher record, and signs in to see their own
          classes, dancers and family phones — never tuition or payments.
        </Text>
        {staff.data.map((m) => (
          <StaffRow
            key={m.teacherID}
            member={m}
            busy={invite.isPending && invite.variables?.body.teacherID === m.teacherID}
            onInvite={onInvite}
            onRevoke={setRevoking}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} />
      {body}
      <ConfirmDeleteDialog
        opened={revoking !== null}
        title="Revoke sign-in"
        confirmLabel="Revoke"
        loading={revoke.isPending}
        onClose={closeRevoke}
        onConfirm={() =>
          revoking && revoke.mutate({ params: { id: revoking.teacherID } }, notifyResult(closeRevoke))
        }
      >
        {revoking && (
          <>
            <strong>
              {revoking.firstName} {revoking.lastName}
            </strong>{' '}
            will no longer sign in to your studio; if they are signed in now, they are signed out at once. You
            can invite them again later.
          </>
        )}
      </ConfirmDeleteDialog>
    </Stack>
  );
}
