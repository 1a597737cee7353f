import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type DancerOutfit,
  formatDateOnly,
  type MeasurementInput,
  measurementInput,
  todayInZone,
} from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { zodErrors } from '../../../lib/zod-form';
import { useAddMeasurements } from '../api/costumes';

const FIELDS = [
  ['girth', 'Girth'],
  ['chest', 'Chest'],
  ['hips', 'Hips'],
  ['height', 'Height'],
] as const;

type Field = (typeof FIELDS)[number][0];

/** A measure as typed: empty is not taken. */
const measureOf = (v: number | string) => (v === '' ? null : Number(v));

function MeasurementsForm({ dancer, onClose }: { dancer: DancerOutfit; onClose: () => void }) {
  const add = useAddMeasurements();
  const [values, setValues] = useState<Record<Field, number | string>>({
    girth: '',
    chest: '',
    hips: '',
    height: '',
  });
  const session = useSession();
  const [takenOn, setTakenOn] = useState(() => todayInZone(session?.user.timeZone || undefined));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = () => {
    const body: MeasurementInput = {
      takenOn: takenOn || undefined,
      girth: measureOf(values.girth),
      chest: measureOf(values.chest),
      hips: measureOf(values.hips),
      height: measureOf(values.height),
    };
    const found = zodErrors(measurementInput, body);
    setErrors(found);
    setRefusal(found[''] ?? null);
    if (Object.keys(found).length) return;
    add.mutate(
      { params: { studentId: dancer.studentID }, body },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          onClose();
        },
        onError: (e) => setRefusal(errorText(e)),
      },
    );
  };
  const last = dancer.measurements;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {last
          ? `Last taken ${formatDateOnly(last.takenOn)}. Inches with one decimal, e.g. 24.5; leave a measure empty when it was not taken.`
          : 'Inches with one decimal, e.g. 24.5; leave a measure empty when it was not taken.'}
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        {FIELDS.map(([field, label]) => (
          <NumberInput
            key={field}
            label={label}
            suffix=" in"
            decimalScale={1}
            min={0}
            max={99.9}
            hideControls
            placeholder={last?.[field] != null ? String(last[field]) : undefined}
            value={values[field]}
            onChange={(v) => {
              setValues({ ...values, [field]: v });
              setErrors({});
            }}
            error={errors[field]}
            data-autofocus={field === 'girth' || undefined}
          />
        ))}
      </SimpleGrid>
      <TextInput
        type="date"
        label="Taken on"
        value={takenOn}
        onChange={(e) => setTakenOn(e.currentTarget.value)}
        error={errors.takenOn}
      />
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={add.isPending}>
          Save measurements
        </Button>
      </Group>
    </Stack>
  );
}

/** Records a dancer's new measurements; the latest suggest their sizes. */
export function MeasurementsDialog({
  dancer,
  opened,
  onClose,
}: {
  dancer: DancerOutfit | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened && !!dancer}
      onClose={onClose}
      title={dancer ? `Measurements: ${dancer.studentName}` : 'Measurements'}
      radius="lg"
      centered
    >
      {dancer && opened && <MeasurementsForm dancer={dancer} onClose={onClose} />}
    </Modal>
  );
}
