import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { PRIVATE_DANCERS, type PrivateTuition, privateTuitionFields } from '@pirouette/domain';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDeleteDialog } from '../../year-terms/components/confirm-delete-dialog';
import { formResolver } from '../../year-terms/form-errors';
import type { DialogState } from '../../year-terms/use-dialog';
import { useCreatePrivateTuition } from '../api/create-private-tuition';
import { useDeletePrivateTuition } from '../api/delete-private-tuition';
import { useUpdatePrivateTuition } from '../api/update-private-tuition';
import { dollarsText } from '../money-text';
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
    validate: formResolver(privateTuitionFields),
  });
  const create = useCreatePrivateTuition();
  const update = useUpdatePrivateTuition();
  const pending = create.isPending || update.isPending;
  const handlers = {
    onSuccess: (result: { msg: string }) => {
      notifySuccess(result.msg);
      onDone();
    },
    onError: (error: unknown) => notifyError(error),
  };
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const body = { ...values, nDancers: Number(values.nDancers), price: Number(values.price) };
        if (price) update.mutate({ id: price.id, data: body }, handlers);
        else create.mutate(body, handlers);
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
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {price ? 'Save' : 'Add private price'}
        </Button>
      </Group>
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
      onConfirm={() =>
        remove.mutate(price.id, {
          onSuccess: (result) => {
            notifySuccess(result.msg);
            onClose();
          },
          onError: (error) => notifyError(error),
        })
      }
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
  const isPhone = useMediaQuery('(max-width: 36em)');
  if (!state) return null;
  if (state.mode === 'del') {
    return state.target ? (
      <DeletePrivateTuition key={state.key} price={state.target} opened={opened} onClose={onClose} />
    ) : null;
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={state.mode === 'new' ? 'New private price' : 'Edit private price'}
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      <PrivateTuitionForm
        key={state.key}
        yearTermId={yearTermId}
        price={state.mode === 'edit' ? state.target : null}
        onDone={onClose}
      />
    </Modal>
  );
}
