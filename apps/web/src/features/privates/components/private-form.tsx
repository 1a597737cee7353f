import { Divider, Grid, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { newPrivateInput, PRIVATE_LIMITS, PRIVATE_TYPES, type PrivateFormInputs } from '@pirouette/domain';
import { FormButtons } from '../../../components/form-buttons';
import { configResolver } from '../../../lib/zod-form';
import { type PrivateFormValues, suggestedPrice } from '../private-form-values';

type Props = {
  initialValues: PrivateFormValues;
  inputs: PrivateFormInputs;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: PrivateFormValues) => void;
  onCancel: () => void;
};

const TYPE_OPTIONS = PRIVATE_TYPES.map((t) => ({ value: String(t.id), label: t.name }));
const options = (list: { id: string; name: string }[]) => list.map((o) => ({ value: o.id, label: o.name }));

/**
 * A private lesson's fields (002 §3), checked by the schema the server uses. Choosing a type fills in
 * the price named after it while no price is chosen yet.
 */
export function PrivateForm({ initialValues, inputs, submitLabel, submitting, onSubmit, onCancel }: Props) {
  const form = useForm<PrivateFormValues>({
    initialValues,
    validate: configResolver(newPrivateInput),
  });
  const select = (field: 'teacherID' | 'priceID' | 'genreID' | 'locationID') => ({
    ...form.getInputProps(field),
    value: form.values[field] || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
    allowDeselect: false,
    searchable: true,
    comboboxProps: { withinPortal: true },
    required: true,
  });
  const onType = (value: string | null) => {
    const type = Number(value ?? 0);
    form.setFieldValue('type', type);
    const price = suggestedPrice(inputs.prices, type);
    if (price && !form.values.priceID) form.setFieldValue('priceID', price.id);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Name"
            placeholder="Reflection"
            required
            maxLength={PRIVATE_LIMITS.name}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            required
            allowDeselect={false}
            placeholder="Solo, duet…"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('type')}
            value={form.values.type ? String(form.values.type) : null}
            onChange={onType}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Teacher"
            data={options(inputs.teachers)}
            nothingFoundMessage="No teacher by that name"
            {...select('teacherID')}
          />
          <Select
            label="Genre"
            data={options(inputs.genres)}
            nothingFoundMessage="No genre by that name"
            {...select('genreID')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Price"
            data={options(inputs.prices)}
            nothingFoundMessage="No private prices for this term"
            {...select('priceID')}
          />
          <Select label="Location" data={options(inputs.locations)} {...select('locationID')} />
        </SimpleGrid>
        <Divider label="Song" labelPosition="left" mt="xs" />
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, xs: 5 }}>
            <TextInput
              label="Song name"
              maxLength={PRIVATE_LIMITS.song}
              autoComplete="off"
              {...form.getInputProps('songName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 8, xs: 5 }}>
            <TextInput
              label="Artist"
              maxLength={PRIVATE_LIMITS.song}
              autoComplete="off"
              {...form.getInputProps('songArtist')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 4, xs: 2 }}>
            <TextInput
              label="Length"
              placeholder="m:ss"
              title="Minutes and seconds, m:ss"
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('songLength')}
            />
          </Grid.Col>
        </Grid>
        <FormButtons mt="md" onCancel={onCancel} loading={submitting} label={submitLabel} />
      </Stack>
    </form>
  );
}
