import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ShowDetail } from '@pirouette/domain';
import { type FormEvent, useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useAddShow, useUpdateShow } from '../api/shows';

/** Adds a show to a recital, or edits one: its name, day, curtain and doors. */
export function ShowDialog({
  opened,
  onClose,
  recitalId,
  firstDay,
  show,
}: {
  opened: boolean;
  onClose: () => void;
  recitalId: string;
  firstDay: string;
  show: ShowDetail | null;
}) {
  const [values, setValues] = useState(
    show ?? { name: '', day: firstDay, startsAt: '14:00', doorsAt: '13:30' },
  );
  const [error, setError] = useState<string | null>(null);
  const add = useAddShow();
  const update = useUpdateShow();
  const set = (k: 'name' | 'day' | 'startsAt' | 'doorsAt') => (v: string) =>
    setValues((x) => ({ ...x, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = { name: values.name, day: values.day, startsAt: values.startsAt, doorsAt: values.doorsAt };
    const callbacks = {
      onSuccess: (a: { msg: string }) => {
        notifySuccess(a.msg);
        onClose();
      },
      onError: (err: unknown) => setError(errorText(err)),
    };
    if (show) update.mutate({ params: { showId: show.id }, body }, callbacks);
    else add.mutate({ params: { recitalId }, body }, callbacks);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={show ? 'Edit the show' : 'Add a show'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            placeholder="Saturday matinee"
            required
            value={values.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Day"
            required
            value={values.day}
            onChange={(e) => set('day')(e.currentTarget.value)}
          />
          <SimpleGrid cols={2}>
            <TextInput
              type="time"
              label="Doors open"
              required
              value={values.doorsAt}
              onChange={(e) => set('doorsAt')(e.currentTarget.value)}
            />
            <TextInput
              type="time"
              label="Curtain"
              required
              value={values.startsAt}
              onChange={(e) => set('startsAt')(e.currentTarget.value)}
            />
          </SimpleGrid>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {show ? 'Save' : 'Add show'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
