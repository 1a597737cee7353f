import { NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CLASS_DURATION_MINUTES,
  type ClassTuition,
  classTuitionFields,
  dollarsText,
} from '@pirouette/domain';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import { configResolver } from '../../../lib/zod-form';
import { useCreateClassTuition, useDeleteClassTuition, useUpdateClassTuition } from '../api/tuition';
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
    validate: configResolver(classTuitionFields),
  });
  const create = useCreateClassTuition();
  const update = useUpdateClassTuition();
  const pending = create.isPending || update.isPending;
  const handlers = notifyResult(onDone);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const body = { ...values, duration: Number(values.duration), price: Number(values.price) };
        if (price) update.mutate({ body: { id: price.id, data: body } }, handlers);
        else create.mutate({ body }, handlers);
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
      <FormButtons mt="lg" onCancel={onDone} loading={pending} label={price ? 'Save' : 'Add class price'} />
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
      onConfirm={() => remove.mutate({ params: { id: price.id } }, notifyResult(onClose))}
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
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={{ new: 'New class price', edit: 'Edit class price' }}
      fullScreenOnPhone
      confirmDelete={(price) => <DeleteClassTuition price={price} opened={opened} onClose={onClose} />}
    >
      {(price) => <ClassTuitionForm yearTermId={yearTermId} price={price} onDone={onClose} />}
    </ConfigDialog>
  );
}
