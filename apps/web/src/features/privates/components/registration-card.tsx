import { Badge, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { dollarsText, type PrivateRegistration, privateMessages } from '@pirouette/domain';
import { IconCalendar } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-client';
import { dateRange } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdatePrivateRegistration } from '../api/privates';
import { ACTIVITY_TOGGLES, type ActivityKey, flagsOfStep, toggleUpdate } from '../registration-values';
import classes from './registration-card.module.css';

/**
 * A failed update shows the server's reason; anything that is not our envelope reads as the spec's
 * generic 'no--good' (002 §8).
 */
function notifyUpdateFailed(error: unknown) {
  if (isApiError(error) && !error.title && error.status !== 0) notifyError(error);
  else notifyError(null, privateMessages.updateFailed);
}

/**
 * One student's registration in a lesson: dates, price, and the four activity toggles (002 §4). While a
 * toggle is sent it shows the value asked for; afterwards, what the server answers.
 */
export function RegistrationCard({ registration }: { registration: PrivateRegistration }) {
  const update = useUpdatePrivateRegistration();
  const asked = update.isPending ? update.variables?.body : undefined;
  const value = (key: ActivityKey) =>
    asked && flagsOfStep(asked.step).includes(key) ? asked.status === 1 : registration[key] === 1;
  const active = value('status');

  const toggle = (key: ActivityKey) => {
    const { regID, ...body } = toggleUpdate(registration, key);
    update.mutate(
      { params: { regID }, body },
      {
        onSuccess: (result) => notifySuccess(result.msg),
        onError: notifyUpdateFailed,
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={registration.studentName}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Group gap={8} wrap="nowrap">
              <Text fw={600} truncate>
                {registration.studentName}
              </Text>
              <Badge size="xs" variant="light" color={registration.regStatus === 1 ? 'teal' : 'gray'}>
                {registration.regStatus === 1 ? 'Registered' : 'Inactive'}
              </Badge>
            </Group>
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconCalendar size={14} stroke={1.6} style={{ flexShrink: 0 }} />
              <Text size="xs" c="dimmed">
                {dateRange(registration.regDateStart, registration.regDateEnd)}
              </Text>
            </Group>
          </Stack>
          <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
            {dollarsText(registration.price)}
          </Text>
        </Group>
        <div className={classes.toggles}>
          {ACTIVITY_TOGGLES.map((t) => (
            <Switch
              key={t.key}
              size="sm"
              label={t.label}
              aria-label={`${t.label}: ${registration.studentName}`}
              checked={value(t.key)}
              // The flags other than Active only mean something for an active student.
              disabled={update.isPending || (t.step !== 1 && !active)}
              onChange={() => toggle(t.key)}
            />
          ))}
        </div>
      </Stack>
    </Paper>
  );
}
