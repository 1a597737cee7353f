import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatPhone, type StudioDetails, studioDetailsInput, US_TIME_ZONES } from '@pirouette/domain';
import { useState } from 'react';
import { AddressInputs } from '../../../components/address-inputs';
import { PhoneInput } from '../../../components/phone-input';
import { errorText, notifySuccess } from '../../../lib/notify';
import { zodResolver } from '../../../lib/zod-form';
import { useUpdateStudioDetails } from '../api/studio-settings';

/** The zones a studio picks from: the US ones, and its own when it is another. */
export function timeZoneChoices(current: string) {
  const known = US_TIME_ZONES.some((z) => z.value === current);
  return known || !current ? [...US_TIME_ZONES] : [...US_TIME_ZONES, { value: current, label: current }];
}

const formValues = (studio: StudioDetails) => ({ ...studio, phone: formatPhone(studio.phone) });

/** The studio's name, address, contact and time zone. The top bar shows the new name once saved. */
export function StudioDetailsForm({ studio }: { studio: StudioDetails }) {
  const form = useForm({ initialValues: formValues(studio), validate: zodResolver(studioDetailsInput) });
  const update = useUpdateStudioDetails();
  const [error, setError] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    setError(null);
    update.mutate(
      { body: values },
      {
        onSuccess: (res) => {
          notifySuccess(res.msg);
          form.setInitialValues(formValues(res.studio));
          form.setValues(formValues(res.studio));
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Studio name"
            required
            autoComplete="organization"
            {...form.getInputProps('name')}
          />
          <AddressInputs inputProps={(f) => form.getInputProps(f)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PhoneInput label="Studio phone" required {...form.getInputProps('phone')} />
            <TextInput
              label="Studio e-mail"
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <Select
            label="Time zone"
            description="Dates, due days and the start of each month are counted in this zone."
            data={timeZoneChoices(studio.timeZone)}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('timeZone')}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => form.reset()}
              disabled={!form.isDirty() || update.isPending}
            >
              Undo changes
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save studio details
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
