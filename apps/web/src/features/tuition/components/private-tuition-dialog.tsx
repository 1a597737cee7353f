import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { dollarsText, PRIVATE_DANCERS, type PrivateTuition, privateTuitionFields } from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { configResolver } from '../../../lib/zod-form';
import { useCreatePrivateTuition, useDeletePrivateTuition, useUpdatePrivateTuition } from '../api/tuition';
import { ApplyDiscountSwitch, PriceInput } from './price-fields';

type Values = {
  yearTermID: string;
  name: string;
  nDancers: number | string;
  price: number | string;
  applyDiscount: boolean;
};

function PrivateTuitionForm({
  yearTermId,
  price,
  onDone,
}: {
  yearTermId: string;
  price: PrivateTuition | null;
  onDone: () => void;
}) {
  const form = useForm<Values>({
    initialValues: {
      yearTermID: price?.yearTermID ?? yearTermId,
      name: price?.name ?? '',
      nDancers: price?.nDancers ?? 1,
      price: price?.price ?? '',
      applyDiscount: price?.applyDiscount ?? true,
    },
    validate: configResolver(privateTuitionFields),
  });
  const create = useCreatePrivateTuition();
  const update = useUpdatePrivateTuition();
  const pending = create.isPending || update.isPending;
  const handlers = notifyResult(onDone);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const body = { ...values, nDancers: Number(values.nDancers), price: Number(values.price) };
        if (price) update.mutate({ body: { id: price.id, data: body } }, handlers);
        else create.mutate({ body }, handlers);
      })}
    >
      <Stack gap="md">
        <TextInput label="Name" placeholder="Solo" required data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label="Dancers"
            min={PRIVATE_DANCERS.min}
            max={PRIVATE_DANCERS.max}
            allowDecimal={false}
            allowNegative={false}
            required
            {...form.getInputProps('nDancers')}
          />
          <PriceInput label="Price" {...form.getInputProps('price')} />
        </SimpleGrid>
        <ApplyDiscountSwitch {...form.getInputProps('applyDiscount', { type: 'checkbox' })} />
      </Stack>
      <FormButtons mt="lg" onCancel={onDone} loading={pending} label={price ? 'Save' : 'Add private price'} />
    </form>
  );
}

function DeletePrivateTuition({
  price,
  opened,
  onClose,
}: {
  price: PrivateTuition;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeletePrivateTuition();
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete private price"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate({ params: { id: price.id } }, notifyResult(onClose))}
    >
      Delete the private price <strong>{price.name}</strong> ({dollarsText(price.price)})?
    </ConfirmDeleteDialog>
  );
}

/** The private-price dialog in its three modes: new, edit and del (002 §2). */
export function PrivateTuitionDialog({
  yearTermId,
  state,
  opened,
  onClose,
}: {
  yearTermId: string;
  state: DialogState<PrivateTuition> | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'New private price', edit: 'Edit private price' }}
      fullScreenOnPhone
      confirmDelete={(price) => <DeletePrivateTuition price={price} opened={opened} onClose={onClose} />}
    >
      {(price) => <PrivateTuitionForm yearTermId={yearTermId} price={price} onDone={onClose} />}
    </ConfigDialog>
  );
}
