import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { type ClassFormInputs, SCHEDULE_LIMITS, type ScheduleRoom, WEEKDAYS } from '@pirouette/domain';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { FormButtons } from '../../../components/form-buttons';
import { type ClassFormValues, classFormErrors, withPrice, withStart } from '../class-form-values';

type Props = {
  initialValues: ClassFormValues;
  inputs: ClassFormInputs;
  /** The schedule's rooms, for their names. */
  roomNames?: readonly ScheduleRoom[];
  isNew: boolean;
  submitting: boolean;
  /** The server's refusal (a room already taken…), shown above the buttons. */
  error: string | null;
  onSubmit: (values: ClassFormValues) => void;
  onCancel: () => void;
};

const DAYS = WEEKDAYS.map((name, day) => ({ value: String(day), label: name }));

/**
 * Rooms grouped by location. The form inputs label a room by its description (002 §3); the schedule's
 * own room names read better beside the room picker above, so they win when known.
 */
function roomData(rooms: ClassFormInputs['rooms'], names: readonly ScheduleRoom[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const room of rooms) {
    const list = groups.get(room.location) ?? [];
    list.push({ value: room.id, label: names.find((r) => r.id === room.id)?.name ?? room.name });
    groups.set(room.location, list);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

type Form = UseFormReturnType<ClassFormValues>;

/** The class's day and times; a new start keeps the length the price sets. */
function WhenFields({ form, inputs }: { form: Form; inputs: ClassFormInputs }) {
  const values = form.values.class;
  const setClass = (next: ClassFormValues['class']) => form.setFieldValue('class', next);
  return (
    <Grid gutter="sm">
      <Grid.Col span={{ base: 12, xs: 4 }}>
        <Select
          label="Day"
          required
          data={DAYS}
          allowDeselect={false}
          {...form.getInputProps('class.day')}
          value={String(values.day)}
          onChange={(day) => form.setFieldValue('class.day', Number(day))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, xs: 4 }}>
        <TextInput
          label="Starts"
          type="time"
          step={300}
          required
          {...form.getInputProps('class.timeStart')}
          onChange={(e) => setClass(withStart(values, e.currentTarget.value, inputs.prices))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, xs: 4 }}>
        <TextInput label="Ends" type="time" step={300} required {...form.getInputProps('class.timeEnd')} />
      </Grid.Col>
    </Grid>
  );
}

/** The ages and numbers of students the class takes. */
function LimitFields({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
      {(
        [
          ['age_min', 'Youngest age', SCHEDULE_LIMITS.age],
          ['age_max', 'Oldest age', SCHEDULE_LIMITS.age],
          ['nMin', 'Min. students', SCHEDULE_LIMITS.students],
          ['nMax', 'Max. students', SCHEDULE_LIMITS.students],
        ] as const
      ).map(([field, label, max]) => (
        <NumberInput
          key={field}
          label={label}
          required
          min={0}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          size="md"
          {...form.getInputProps(`class.${field}`)}
        />
      ))}
    </SimpleGrid>
  );
}

/** A new class's dance numbers, each a name and a genre, added and removed as rows. */
function NewDanceNumbers({ form, inputs }: { form: Form; inputs: ClassFormInputs }) {
  const genres = inputs.genres.map((g) => ({ value: g.id, label: g.name }));
  return (
    <Stack gap="xs" mt="xs">
      <Divider label="Dance numbers (optional)" labelPosition="left" />
      {form.values.dncNum.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
        <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Dance number ${index + 1} name`}
            required
            autoComplete="off"
            {...form.getInputProps(`dncNum.${index}.name`)}
          />
          <Select
            style={{ flex: 1 }}
            label={`Dance number ${index + 1} genre`}
            required
            searchable
            data={genres}
            {...form.getInputProps(`dncNum.${index}.genreID`)}
          />
          <Tooltip label="Remove dance number">
            <ActionIcon
              mt={30}
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove dance number ${index + 1}`}
              onClick={() => form.removeListItem('dncNum', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      {form.values.dncNum.length === 0 && (
        <Text size="sm" c="dimmed">
          Numbers the class will perform; you can also add them later from the class.
        </Text>
      )}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        disabled={form.values.dncNum.length >= SCHEDULE_LIMITS.danceNumbersPerClass}
        onClick={() => form.insertListItem('dncNum', { name: '', genreID: '' })}
      >
        Add dance number
      </Button>
    </Stack>
  );
}

/** A class's fields (002 §3, §5), checked by the schema the server uses; a new class may bring dance numbers. */
export function ClassForm({
  initialValues,
  inputs,
  roomNames = [],
  isNew,
  submitting,
  error,
  onSubmit,
  onCancel,
}: Props) {
  const form = useForm<ClassFormValues>({ initialValues, validate: classFormErrors });
  const values = form.values.class;
  const setClass = (next: ClassFormValues['class']) => form.setFieldValue('class', next);
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('class.name')}
        />
        <WhenFields form={form} inputs={inputs} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Teacher"
            required
            searchable
            data={inputs.teachers.map((t) => ({ value: t.id, label: t.name }))}
            nothingFoundMessage="No teachers"
            {...form.getInputProps('class.teacherID')}
          />
          <Select
            label="Room"
            required
            data={roomData(inputs.rooms, roomNames)}
            allowDeselect={false}
            {...form.getInputProps('class.roomID')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Class price"
            required
            data={inputs.prices.map((p) => ({ value: p.id, label: p.name }))}
            nothingFoundMessage="No class prices in this term"
            allowDeselect={false}
            {...form.getInputProps('class.priceID')}
            onChange={(id) => id && setClass(withPrice(values, id, inputs.prices))}
          />
          <Select
            label="Level"
            required
            data={inputs.levels.map((l) => ({ value: String(l.id), label: l.name }))}
            allowDeselect={false}
            {...form.getInputProps('class.level')}
            value={String(values.level)}
            onChange={(level) => form.setFieldValue('class.level', Number(level))}
          />
        </SimpleGrid>
        <LimitFields form={form} />
        <Switch
          mt={4}
          label="Open for registration"
          description="Closed classes stay on the schedule but families cannot register for them."
          {...form.getInputProps('class.isOpen', { type: 'checkbox' })}
        />
        {isNew && <NewDanceNumbers form={form} inputs={inputs} />}
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <FormButtons mt="md" onCancel={onCancel} loading={submitting} label={isNew ? 'Add class' : 'Save'} />
      </Stack>
    </form>
  );
}
