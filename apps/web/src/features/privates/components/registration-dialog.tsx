import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  compareDates,
  dancersText,
  formatDateOnly,
  type PrivateLesson,
  privateMessages,
  privateRegistrationInput,
} from '@pirouette/domain';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { useFormSubmit } from '../../../components/form-dialog';
import { isRefusedFor } from '../../../lib/api-client';
import type { DialogState } from '../../../lib/use-dialog';
import { configFormErrors } from '../../../lib/zod-form';
import { useCreatePrivateRegistration } from '../api/privates';
import { defaultStartDate, placesText, priceAfterDollar, priceText } from '../registration-values';
import { StudentSelect } from './student-select';

export type RegistrationTarget = { lesson: PrivateLesson; registeredIds: string[] };
type Span = { dateStart: string; dateEnd: string };
type Values = { studentID: string; price: string; dateStart: string };

type FormProps = RegistrationTarget & { term: Span | null; today: string; onClose: () => void };

/** The fields checked as the server will (privateRegistrationInput), and the start date within the term. */
function validate(lesson: PrivateLesson, term: Span | null) {
  return (values: Values): Record<string, string> => {
    const errors = configFormErrors(privateRegistrationInput, { ...values, privID: lesson.id });
    const outside =
      term &&
      values.dateStart &&
      !errors.dateStart &&
      (compareDates(values.dateStart, term.dateStart) < 0 ||
        compareDates(values.dateStart, term.dateEnd) > 0);
    if (outside)
      errors.dateStart = privateMessages.dateOutsideTerm(
        formatDateOnly(term.dateStart),
        formatDateOnly(term.dateEnd),
      );
    return errors;
  };
}

/** What is sent: the price as the text after its $. */
function registrationBody(lesson: PrivateLesson, values: Values) {
  return {
    studentID: values.studentID,
    privID: lesson.id,
    price: priceAfterDollar(values.price),
    dateStart: values.dateStart,
  };
}

/** The server's 409 when the lesson's places are taken (one taken meanwhile, since the form opened). */
const isPlacesFull = (error: unknown) => isRefusedFor(error, 'places_full');

function RegistrationForm({ lesson, registeredIds, term, today, onClose }: FormProps) {
  const create = useCreatePrivateRegistration();
  const taken = registeredIds.length;
  const full = taken >= lesson.nDancers;
  // Past the places the owner is asked first; the server's 409 (a place taken meanwhile) asks too.
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      studentID: '',
      price: priceText(lesson.price),
      dateStart: defaultStartDate(today, term),
    },
    validate: validate(lesson, term),
  });
  const { submit, pending } = useFormSubmit({
    save: {
      pending: create.isPending,
      send: (values: Values, { onSuccess, onError }) =>
        create.mutate(
          { body: { ...registrationBody(lesson, values), ...(confirming ? { override: true } : {}) } },
          {
            onSuccess,
            // Unless already confirmed, the server's refusal past the places asks instead.
            onError: (error) => (!confirming && isPlacesFull(error) ? setConfirming(true) : onError(error)),
          },
        ),
    },
    onDone: onClose,
  });
  const onSubmit = form.onSubmit((values) => {
    if (full && !confirming) setConfirming(true);
    else submit(values);
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {lesson.name} · {lesson.priceName}, with {lesson.teacher}
          </Text>
          <Group gap={4} wrap="nowrap" c={full ? 'orange.8' : 'dimmed'} data-testid="places">
            <IconUsers size={14} />
            <Text size="sm" c="inherit" fw={500}>
              {placesText(taken, lesson.nDancers)}
            </Text>
          </Group>
        </Group>
        <StudentSelect
          label="Student"
          required
          data-autofocus
          registeredIds={registeredIds}
          {...form.getInputProps('studentID')}
          value={form.values.studentID}
          onChange={(id) => form.setFieldValue('studentID', id)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Price"
            description={`The ${lesson.priceName.toLowerCase()} price`}
            required
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps('price')}
          />
          <TextInput
            label="Start date"
            description={term ? 'Within the year term' : undefined}
            type="date"
            required
            min={term?.dateStart}
            max={term?.dateEnd}
            {...form.getInputProps('dateStart')}
          />
        </SimpleGrid>
        {confirming ? (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={`Register past ${dancersText(lesson.nDancers)}?`}
            mt="md"
          >
            <Text size="sm">
              {privateMessages.placesConfirm(
                lesson.priceName,
                lesson.nDancers,
                Math.max(taken, lesson.nDancers),
              )}
            </Text>
            <Group justify="flex-end" gap="xs" mt="sm">
              <Button variant="default" size="xs" onClick={() => setConfirming(false)} disabled={pending}>
                Go back
              </Button>
              <Button color="orange" size="xs" type="submit" loading={pending}>
                Register anyway
              </Button>
            </Group>
          </Alert>
        ) : (
          <FormButtons mt="md" onCancel={onClose} loading={pending} label="Register" />
        )}
      </Stack>
    </form>
  );
}

type Props = {
  state: DialogState<RegistrationTarget> | null;
  opened: boolean;
  onClose: () => void;
  /** The lesson's year term, whose dates bound the start date. */
  termOf: (lesson: PrivateLesson) => Span | null;
  today: string;
};

/** Registers a student in a private lesson (002 §2 "add-registration dialog"). */
export function RegistrationDialog({ state, opened, onClose, termOf, today }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const target = state?.target;
  return (
    <Modal
      opened={opened && !!target}
      onClose={onClose}
      title="Register a student"
      styles={dialogStyles}
      radius="lg"
      size="lg"
      centered
      fullScreen={isPhone}
    >
      {target && (
        <RegistrationForm
          key={state.key}
          {...target}
          term={termOf(target.lesson)}
          today={today}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
