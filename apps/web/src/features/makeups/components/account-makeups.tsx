import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { accountCalls, addDays, type MakeupCredit } from '@pirouette/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { dialogStyles } from '../../../components/dialog-styles';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { useCall } from '../../../lib/call';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useAccountMakeups, useGrantMakeup, useRemoveMakeup } from '../api/makeups';
import { bookingLine, creditOrigin, expiryText, stateBadge } from '../lib/makeups';

/**
 * A family's make-up credits on the owner's account overview (issue 36 point 4, decision 064): each with
 * where it comes from, its state and booking; "Give a make-up" grants one by hand (the family is told by
 * mail), "Remove" takes an open or booked one away with a note (a booking is cancelled). Both logged.
 */
export function AccountMakeups({ accountId, today }: { accountId: string; today: string }) {
  const list = useAccountMakeups(accountId);
  const [granting, setGranting] = useState(false);
  const [removing, setRemoving] = useState<MakeupCredit | null>(null);
  const credits = list.data?.credits ?? [];
  return (
    <SectionCard
      title="Make-up classes"
      description="Credits for missed classes, and those given by hand."
      action={
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setGranting(true)}
        >
          Give a make-up
        </Button>
      }
    >
      {list.isError ? (
        <SectionLoadError error={list.error} onRetry={() => list.refetch()} />
      ) : credits.length === 0 ? (
        <Text size="sm" c="dimmed">
          {list.isPending ? 'Loading…' : 'No make-up credits.'}
        </Text>
      ) : (
        <Stack gap="xs">
          {credits.map((c) => {
            const badge = stateBadge(c.state);
            const live = c.state === 'open' || c.state === 'booked';
            return (
              <Paper key={c.id} withBorder p="sm" radius="md" data-testid="account-makeup">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={2} miw={0}>
                    <Group gap={6}>
                      <Text fw={600}>{c.studentName}</Text>
                      <Badge color={badge.color} variant="light" size="sm">
                        {badge.label}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {creditOrigin(c)}
                    </Text>
                    <Text size="sm">{c.booking ? bookingLine(c.booking) : expiryText(c)}</Text>
                  </Stack>
                  {live && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setRemoving(c)}
                      aria-label={`Remove the make-up credit of ${c.studentName}`}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {granting && <GrantDialog accountId={accountId} today={today} onClose={() => setGranting(false)} />}
      {removing && <RemoveDialog accountId={accountId} credit={removing} onClose={() => setRemoving(null)} />}
    </SectionCard>
  );
}

function GrantDialog({
  accountId,
  today,
  onClose,
}: {
  accountId: string;
  today: string;
  onClose: () => void;
}) {
  const students = useCall(accountCalls.students, { params: { id: accountId } });
  const grant = useGrantMakeup();
  const [studentID, setStudentID] = useState<string | null>(null);
  const [expiresOn, setExpiresOn] = useState(addDays(today, 30));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = (students.data?.students ?? []).map((s) => ({
    value: s.id,
    label: `${s.firstName} ${s.lastName}`,
  }));
  const save = () => {
    if (!studentID) return setError('Choose the dancer.');
    setError(null);
    grant.mutate(
      { params: { id: accountId }, body: { studentID, expiresOn, note } },
      {
        onSuccess: (r) => {
          notifySuccess(r.msg);
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Give a make-up class" styles={dialogStyles} radius="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The family is told by e-mail and can book it in the portal until it expires.
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Select
          label="Dancer"
          data={options}
          value={studentID}
          onChange={setStudentID}
          placeholder={students.isPending ? 'Loading the dancers…' : 'Choose a dancer'}
          required
        />
        <TextInput
          label="Book by"
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.currentTarget.value)}
          required
        />
        <Textarea
          label="Note"
          description="Why it is given; the family reads it."
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={grant.isPending}>
            Cancel
          </Button>
          <Button onClick={save} loading={grant.isPending}>
            Give make-up
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RemoveDialog({
  accountId,
  credit,
  onClose,
}: {
  accountId: string;
  credit: MakeupCredit;
  onClose: () => void;
}) {
  const remove = useRemoveMakeup(accountId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = () =>
    remove.mutate(
      { params: { id: credit.id }, query: { note } },
      {
        onSuccess: (r) => {
          notifySuccess(r.msg);
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title="Remove a make-up credit"
      styles={dialogStyles}
      radius="lg"
      centered
    >
      <Stack gap="md">
        <Text>
          Remove {credit.studentName}’s make-up credit ({creditOrigin(credit)})?
          {credit.booking ? ' Its booking is cancelled and the family told.' : ''}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Textarea
          label="Note"
          description="Why, for the family's log."
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Keep it
          </Button>
          <Button color="red" onClick={save} loading={remove.isPending}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
