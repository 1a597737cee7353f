import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { RecitalDetail } from '@pirouette/domain';
import { type FormEvent, useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useCreateRecital, useUpdateRecital } from '../api/shows';

type Values = {
  name: string;
  venueName: string;
  venueAddress: string;
  firstDay: string;
  lastDay: string;
  gapSeconds: number | string;
  intermissionMinutes: number | string;
};

const blank: Values = {
  name: '',
  venueName: '',
  venueAddress: '',
  firstDay: '',
  lastDay: '',
  gapSeconds: 30,
  intermissionMinutes: 15,
};

/** Creates a recital, or edits one (decision 072): the server checks every field and says what is wrong. */
export function RecitalDialog({
  opened,
  onClose,
  recital,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  recital: RecitalDetail | null;
  onCreated?: (id: string) => void;
}) {
  const [values, setValues] = useState<Values>(recital ?? blank);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRecital();
  const update = useUpdateRecital();
  const set = (k: keyof Values) => (v: string | number) => setValues((x) => ({ ...x, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      name: values.name,
      venueName: values.venueName,
      venueAddress: values.venueAddress,
      firstDay: values.firstDay,
      lastDay: values.lastDay,
      gapSeconds: Number(values.gapSeconds),
      intermissionMinutes: Number(values.intermissionMinutes),
    };
    const done = (msg: string) => {
      notifySuccess(msg);
      onClose();
    };
    if (recital) {
      update.mutate(
        { params: { recitalId: recital.id }, body },
        { onSuccess: (a) => done(a.msg), onError: (err) => setError(errorText(err)) },
      );
    } else {
      create.mutate(
        { body },
        {
          onSuccess: (a) => {
            done(a.msg);
            onCreated?.(a.id);
          },
          onError: (err) => setError(errorText(err)),
        },
      );
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={recital ? 'Edit the recital' : 'New recital'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Venue"
              value={values.venueName}
              onChange={(e) => set('venueName')(e.currentTarget.value)}
            />
            <TextInput
              label="Venue address"
              value={values.venueAddress}
              onChange={(e) => set('venueAddress')(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="First day"
              required
              value={values.firstDay}
              onChange={(e) => set('firstDay')(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Last day"
              required
              value={values.lastDay}
              onChange={(e) => set('lastDay')(e.currentTarget.value)}
            />
            <NumberInput
              label="Gap between numbers (seconds)"
              min={0}
              max={600}
              allowDecimal={false}
              value={values.gapSeconds}
              onChange={set('gapSeconds')}
            />
            <NumberInput
              label="Intermission (minutes)"
              min={0}
              max={120}
              allowDecimal={false}
              value={values.intermissionMinutes}
              onChange={set('intermissionMinutes')}
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
            <Button type="submit" loading={create.isPending || update.isPending}>
              {recital ? 'Save' : 'Create recital'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
