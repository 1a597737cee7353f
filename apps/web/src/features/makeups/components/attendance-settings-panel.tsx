import { Button, Card, Group, NumberInput, Skeleton, Stack, Switch, Text } from '@mantine/core';
import type { AttendanceSettings } from '@pirouette/domain';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAttendanceSettings, useSaveAttendanceSettings } from '../api/makeups';

/**
 * Studio settings → Make-ups (decision 064): how long a make-up credit lasts, until when a parent may
 * cancel a booked make-up, and whether a new closure proposes make-up credits. Each says what it does.
 */
export function AttendanceSettingsPanel() {
  const settings = useAttendanceSettings();
  if (settings.isPending) return <Skeleton h={320} radius="lg" />;
  if (settings.isError) return <LoadError onRetry={() => settings.refetch()} />;
  return <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />;
}

function SettingsForm({ saved }: { saved: AttendanceSettings }) {
  const save = useSaveAttendanceSettings();
  const [values, setValues] = useState(saved);
  const set = <K extends keyof AttendanceSettings>(key: K, value: AttendanceSettings[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const whole = (value: string | number, fallback: number) =>
    typeof value === 'number' ? Math.trunc(value) : fallback;
  const changed = JSON.stringify(values) !== JSON.stringify(saved);
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { body: values },
            { onSuccess: (r) => notifySuccess(r.msg), onError: (err) => notifyError(err) },
          );
        }}
      >
        <Stack gap="lg" maw={560}>
          <NumberInput
            label="Make-up window (days)"
            description="A missed class gives a make-up credit that can be booked for this many days after the class. Your terms promise one month."
            min={1}
            max={365}
            value={values.makeupWindowDays}
            onChange={(v) => set('makeupWindowDays', whole(v, values.makeupWindowDays))}
            required
          />
          <NumberInput
            label="Cancel until (hours before the class)"
            description="A parent can cancel a booked make-up, and get the credit back, until this many hours before the class starts."
            min={0}
            max={168}
            value={values.makeupCancelHours}
            onChange={(v) => set('makeupCancelHours', whole(v, values.makeupCancelHours))}
            required
          />
          <Switch
            label="Closures give make-up credits"
            description="When you close the studio or cancel a class, propose a make-up credit for every dancer of the cancelled classes. You can still choose for each closure."
            checked={values.closureGivesMakeups}
            onChange={(e) => set('closureGivesMakeups', e.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            Unused credits expire by themselves the day after their last day; the family is reminded three
            days before.
          </Text>
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
