import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Teacher, type TeacherInput, teacherInput } from '@pirouette/domain';
import { AddressInputs } from '../../../components/address-inputs';
import { FormButtons } from '../../../components/form-buttons';
import { PhoneInput } from '../../../components/phone-input';
import { formatPhoneTyping } from '../../../lib/format';
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
        <AddressInputs inputProps={(f) => form.getInputProps(f)} autofill={false} />
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
