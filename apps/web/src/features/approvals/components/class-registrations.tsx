import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { APPROVAL, type ClassRegistrationActivity, countOf } from '@pirouette/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionTitle } from '../../../components/section-title';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetRegistrationStatus } from '../api/approvals';
import { ConfirmStatusDialog } from './confirm-status-dialog';
import type { PendingRow, StatusRequest } from './pending-row';

type Standing = 'pending' | 'approved' | 'dropped' | 'rejected';

const standingOf = (r: ClassRegistrationActivity): Standing =>
  r.isDropped
    ? 'dropped'
    : r.status === APPROVAL.pending
      ? 'pending'
      : r.status === APPROVAL.rejected
        ? 'rejected'
        : 'approved';

const BADGE: Record<Standing, { label: string; color: string; variant: string }> = {
  pending: { label: 'Pending approval', color: 'yellow', variant: 'light' },
  approved: { label: 'Approved', color: 'teal', variant: 'light' },
  dropped: { label: 'Dropped', color: 'gray', variant: 'outline' },
  rejected: { label: 'Rejected', color: 'gray', variant: 'outline' },
};

/** Waiting first (they need the owner), then the class's dancers, then those who left it. */
const ORDER: Record<Standing, number> = { pending: 0, approved: 1, dropped: 2, rejected: 3 };

type Props = {
  registrations: ClassRegistrationActivity[];
  /** What the confirmation names: the class and its monthly price. */
  cls: { id: string; name: string; day: number; timeStart: string; cost: number };
};

/**
 * The class's dancers with where each stands (issue 15 point 9): approved, waiting for approval (approve
 * or reject here, as on the approvals page), dropped or rejected.
 */
export function ClassRegistrations({ registrations, cls }: Props) {
  const setStatus = useSetRegistrationStatus();
  const [deciding, setDeciding] = useState<StatusRequest | null>(null);
  const rows = [...registrations].sort(
    (a, b) => ORDER[standingOf(a)] - ORDER[standingOf(b)] || a.studentName.localeCompare(b.studentName),
  );
  const counting = registrations.filter((r) => !r.isDropped && r.status !== APPROVAL.rejected).length;
  const pendingRow = (r: ClassRegistrationActivity): PendingRow => ({
    clsRegID: r.clsRegID,
    coAcctMemID: '',
    family: '',
    student: r.studentName,
    clSchID: cls.id,
    className: cls.name,
    day: cls.day,
    timeStart: cls.timeStart,
    Pr_f: cls.cost,
    dateStart: r.Date_i,
    createdAt: '',
  });
  const send = (clsRegID: string, status: 1 | -1, billFrom?: string) =>
    setStatus.mutate(
      { params: { clsRegID }, body: { status, billFrom } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          setDeciding(null);
        },
        onError: (e) => notifyError(e),
      },
    );

  return (
    <Stack gap="xs">
      <SectionTitle title="Students" count={counting} />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No students registered yet.
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Students">
          {rows.map((r) => {
            const standing = standingOf(r);
            const badge = BADGE[standing];
            return (
              <Group
                key={r.clsRegID}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                mih={28}
                data-testid="class-registration"
                data-standing={standing}
              >
                <Text
                  size="sm"
                  miw={0}
                  truncate
                  c={standing === 'dropped' || standing === 'rejected' ? 'dimmed' : undefined}
                >
                  {r.studentName}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Badge size="sm" color={badge.color} variant={badge.variant} tt="none">
                    {badge.label}
                  </Badge>
                  {standing === 'pending' && (
                    <>
                      <Tooltip label="Approve">
                        <ActionIcon
                          size="sm"
                          variant="light"
                          color="teal"
                          aria-label={`Approve ${r.studentName} in ${cls.name}`}
                          loading={setStatus.isPending && setStatus.variables?.params.clsRegID === r.clsRegID}
                          onClick={() => setDeciding({ status: 1, rows: [pendingRow(r)] })}
                        >
                          <IconCheck size={14} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Reject">
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Reject ${r.studentName} in ${cls.name}`}
                          onClick={() => setDeciding({ status: -1, rows: [pendingRow(r)] })}
                        >
                          <IconX size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </>
                  )}
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      {registrations.some((r) => standingOf(r) === 'pending') && (
        <Text size="xs" c="dimmed">
          A registration waiting for approval holds its place: {countOf(counting, 'place', 'places')} taken.
        </Text>
      )}
      <ConfirmStatusDialog
        request={deciding}
        loading={setStatus.isPending}
        onConfirm={(billFrom) => deciding && send(deciding.rows[0]!.clsRegID, deciding.status, billFrom)}
        onClose={() => setDeciding(null)}
      />
    </Stack>
  );
}
