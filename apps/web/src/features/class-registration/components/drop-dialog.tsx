import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type RegisteredClass, type RegistrationBuilder, WEEKDAYS } from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { timeRange } from '../../../lib/schedule-format';
import { useOwnerDropRegistration } from '../api/class-registration';
import { defaultEffectiveDate, effectiveWindow, isInWindow } from '../lib/effective-date';
import { EffectiveDateInput } from './effective-date-input';

type Props = {
  builder: RegistrationBuilder;
  registration: RegisteredClass;
  dancer: string;
  onClose: () => void;
};

/**
 * The owner drops one class from an effective date (today by default, within the current month of the
 * term). The family's plan gets a new revision from that date; the tuition section explains it.
 */
export function DropDialog({ builder, registration, dancer, onClose }: Props) {
  const drop = useOwnerDropRegistration();
  const dateWindow = effectiveWindow(builder);
  const [regDate, setRegDate] = useState(() => defaultEffectiveDate(builder));
  const [refusal, setRefusal] = useState<string | null>(null);
  const ok = isInWindow(regDate, dateWindow);
  const send = () =>
    drop.mutate(
      { params: { id: registration.clRegID }, body: { regDate } },
      {
        onSuccess: (result) => {
          notifySuccess(result.msg);
          onClose();
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Drop ${registration.name} (${dancer})`} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {WEEKDAYS[registration.day]} {timeRange(registration.Ti, registration.Tf)}
          {registration.teacher ? ` · ${registration.teacher}` : ''}
        </Text>
        <EffectiveDateInput
          label="Dropped from"
          value={regDate}
          onChange={(v) => {
            setRefusal(null);
            setRegDate(v);
          }}
          window={dateWindow}
        />
        <Text size="sm">
          Payments due before this date keep their amount; the rest of the family's plan is worked out again
          and each change is explained in its tuition.
        </Text>
        {refusal && (
          <Alert color="red" data-testid="drop-refusal">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={send} disabled={!ok} loading={drop.isPending}>
            Drop the class
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
