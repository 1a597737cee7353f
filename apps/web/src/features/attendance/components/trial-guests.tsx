import { ActionIcon, Button, Collapse, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MarkStatus, RollTrial } from '@pirouette/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddTrial, useMarkTrials, useRemoveTrial } from '../api/roll';
import { DancerRow } from './dancer-row';

/**
 * The meeting's trial guests, apart from the dancers: marked online (they are few and added by the studio),
 * added and removed by the owner.
 */
export function TrialGuests({
  classId,
  date,
  trials,
  canMark,
  canEdit,
}: {
  classId: string;
  date: string;
  trials: RollTrial[];
  canMark: boolean;
  canEdit: boolean;
}) {
  const mark = useMarkTrials();
  const remove = useRemoveTrial();
  const params = { clSchID: classId, date };
  const onMark = (id: string, status: MarkStatus) =>
    mark.mutate(
      { params, body: { marks: [], trials: [{ id, status }] } },
      { onError: (e) => notifyError(e) },
    );
  if (trials.length === 0 && !canEdit) return null;
  return (
    <Stack gap="xs">
      <Text fw={700} size="sm" tt="uppercase" c="dimmed">
        Trial guests ({trials.length})
      </Text>
      {trials.map((t) => (
        <Group key={t.id} wrap="nowrap" align="flex-start" gap="xs">
          <div style={{ flex: 1, minWidth: 0 }}>
            <DancerRow
              person={{
                key: t.id,
                firstName: t.firstName,
                lastName: t.lastName,
                age: null,
                note: [t.phone, t.email, t.note].filter(Boolean).join(' · '),
              }}
              mark={t.status}
              waiting={false}
              disabled={!canMark || mark.isPending}
              onMark={(s) => onMark(t.id, s)}
            />
          </div>
          {canEdit && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove ${t.firstName}`}
              onClick={() =>
                remove.mutate({ params: { ...params, id: t.id } }, { onError: (e) => notifyError(e) })
              }
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {canEdit && <AddTrial classId={classId} date={date} />}
    </Stack>
  );
}

function AddTrial({ classId, date }: { classId: string; date: string }) {
  const [open, setOpen] = useState(false);
  const add = useAddTrial();
  const form = useForm({ initialValues: { firstName: '', lastName: '', phone: '', email: '', note: '' } });
  const submit = form.onSubmit((values) =>
    add.mutate(
      { params: { clSchID: classId, date }, body: values },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          form.reset();
          setOpen(false);
        },
        onError: (e) => notifyError(e),
      },
    ),
  );
  return (
    <>
      {!open && (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setOpen(true)}>
          Add a trial guest
        </Button>
      )}
      <Collapse in={open}>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Group grow>
              <TextInput label="First name" required {...form.getInputProps('firstName')} />
              <TextInput label="Last name" {...form.getInputProps('lastName')} />
            </Group>
            <Group grow>
              <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
              <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
            </Group>
            <Textarea label="Note" autosize minRows={1} {...form.getInputProps('note')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Add guest
              </Button>
            </Group>
          </Stack>
        </form>
      </Collapse>
    </>
  );
}
