import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Teacher, type TeacherInput, teacherInput } from '@pirouette/domain';
import { FormButtons } from '../../../components/form-buttons';
import { PhoneInput } from '../../../components/phone-input';
import { formatPhoneTyping } from '../../../lib/format';
import { US_STATES } from '../../../lib/us-states';
import { configResolver } from '../../../lib/zod-form';

export const emptyTeacher = (): TeacherInput => ({
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  state: '',
  zipcode: '',
  phone: '',
  email: '',
});

/** A teacher's fields as the form starts with them: empty for a new one, the phone as (000) 000-0000. */
export function teacherValues(teacher: Teacher | null): TeacherInput {
  if (!teacher) return emptyTeacher();
  const { id: _id, ...fields } = teacher;
  return { ...fields, phone: formatPhoneTyping(teacher.phone) };
}

type Props = {
  teacher: Teacher | null;
  submitting: boolean;
  onSubmit: (values: TeacherInput) => void;
  onCancel: () => void;
};

/** Every field of a teacher, required (002 §5); validated by the schema the server uses. */
export function TeacherForm({ teacher, submitting, onSubmit, onCancel }: Props) {
  const form = useForm<TeacherInput>({
    initialValues: teacherValues(teacher),
    validate: configResolver(teacherInput),
  });
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Last name" autoComplete="off" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps('email')}
          />
          <PhoneInput label="Phone" autoComplete="off" required {...form.getInputProps('phone')} />
        </SimpleGrid>
        <TextInput label="Street address" autoComplete="off" required {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="City" autoComplete="off" required {...form.getInputProps('city')} />
          <Select
            label="State"
            data={US_STATES}
            searchable
            required
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('state')}
          />
          <TextInput
            label="ZIP code"
            inputMode="numeric"
            autoComplete="off"
            required
            {...form.getInputProps('zipcode')}
          />
        </SimpleGrid>
        <FormButtons
          mt="md"
          onCancel={onCancel}
          loading={submitting}
          label={teacher ? 'Save' : 'Add teacher'}
        />
      </Stack>
    </form>
  );
}
