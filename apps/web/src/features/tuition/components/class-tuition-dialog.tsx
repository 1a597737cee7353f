import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { CLASS_DURATION_MINUTES, type ClassTuition, classTuitionFields } from '@pirouette/domain';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDeleteDialog } from '../../year-terms/components/confirm-delete-dialog';
import { formResolver } from '../../year-terms/form-errors';
import type { DialogState } from '../../year-terms/use-dialog';
import { useCreateClassTuition } from '../api/create-class-tuition';
import { useDeleteClassTuition } from '../api/delete-class-tuition';
import { useUpdateClassTuition } from '../api/update-class-tuition';
import { dollarsText } from '../money-text';
import { ApplyDiscountSwitch, PriceInput } from './price-fields';

type Values = {
  yearTermID: string;
  duration: number | string;
  price: number | string;
  applyDiscount: boolean;
};

function ClassTuitionForm({
  yearTermId,
  price,
  onDone,
}: {
  yearTermId: string;
  price: ClassTuition | null;
  onDone: () => void;
}) {
  const form = useForm<Values>({
    initialValues: {
      yearTermID: price?.yearTermID ?? yearTermId,
      duration: price?.duration ?? 60,
      price: price?.price ?? '',
      applyDiscount: price?.applyDiscount ?? true,
    },
    validate: formResolver(classTuitionFields),
  });
  const create = useCreateClassTuition();
  const update = useUpdateClassTuition();
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
        const body = { ...values, duration: Number(values.duration), price: Number(values.price) };
        if (price) update.mutate({ id: price.id, data: body }, handlers);
        else create.mutate(body, handlers);
      })}
    >
      <Stack gap="md">
        <NumberInput
          label="Class length"
          suffix=" minutes"
          min={CLASS_DURATION_MINUTES.min}
          max={CLASS_DURATION_MINUTES.max}
          step={15}
          allowDecimal={false}
          allowNegative={false}
          required
          data-autofocus
          {...form.getInputProps('duration')}
        />
        <PriceInput label="Monthly price" {...form.getInputProps('price')} />
        <ApplyDiscountSwitch {...form.getInputProps('applyDiscount', { type: 'checkbox' })} />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {price ? 'Save' : 'Add class price'}
        </Button>
      </Group>
    </form>
  );
}

function DeleteClassTuition({
  price,
  opened,
  onClose,
}: {
  price: ClassTuition;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteClassTuition();
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title="Delete class price"
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
      Delete the price of <strong>{price.duration}-minute</strong> classes ({dollarsText(price.price)} a
      month)?
    </ConfirmDeleteDialog>
  );
}

/** The class-price dialog in its three modes: new, edit and del (002 §2). */
export function ClassTuitionDialog({
  yearTermId,
  state,
  opened,
  onClose,
}: {
  yearTermId: string;
  state: DialogState<ClassTuition> | null;
  opened: boolean;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  if (!state) return null;
  if (state.mode === 'del') {
    return state.target ? (
      <DeleteClassTuition key={state.key} price={state.target} opened={opened} onClose={onClose} />
    ) : null;
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={state.mode === 'new' ? 'New class price' : 'Edit class price'}
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      <ClassTuitionForm
        key={state.key}
        yearTermId={yearTermId}
        price={state.mode === 'edit' ? state.target : null}
        onDone={onClose}
      />
    </Modal>
  );
}
