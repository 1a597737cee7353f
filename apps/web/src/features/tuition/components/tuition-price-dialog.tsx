import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CLASS_DURATION_MINUTES,
  type ClassTuition,
  classTuitionFields,
  dollarsText,
  PRIVATE_DANCERS,
  type PrivateTuition,
  privateTuitionFields,
} from '@pirouette/domain';
import type { ReactNode } from 'react';
import { ConfigDialog } from '../../../components/config-dialog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormDialog, type Mutation, type Saved, saveWith } from '../../../components/form-dialog';
import { notifyResult } from '../../../lib/notify';
import type { DialogState } from '../../../lib/use-dialog';
import type { SafeParser } from '../../../lib/zod-form';
import {
  useCreateClassTuition,
  useCreatePrivateTuition,
  useDeleteClassTuition,
  useDeletePrivateTuition,
  useUpdateClassTuition,
  useUpdatePrivateTuition,
} from '../api/tuition';
import { ApplyDiscountSwitch, PriceInput } from './price-fields';

/** What a price's form holds whatever its kind; number inputs hold '' until something is typed. */
type PriceValues = { yearTermID: string; price: number | string; applyDiscount: boolean };

/**
 * A kind of tuition price (class or private lesson): its words, its fields and its calls. The dialog is
 * the same for both (002 §2: new, edit and del); only this differs.
 */
type PriceKind<P extends { id: string }, V extends PriceValues, B> = {
  titles: { new: string; edit: string; del: string };
  addLabel: string;
  /** The schema the server validates the price's fields with. */
  schema: SafeParser;
  valuesOf: (price: P | null, yearTermId: string) => V;
  /** The fields as sent: numbers typed as numbers. */
  body: (values: V) => B;
  /** The fields of the kind, above the discount switch. */
  fields: (form: UseFormReturnType<V>) => ReactNode;
  /** The del mode's question. */
  deleteQuestion: (price: P) => ReactNode;
  useCreate: () => Mutation<{ body: B }, Saved>;
  useUpdate: () => Mutation<{ body: { id: string; data: B } }, Saved>;
  useDelete: () => Mutation<{ params: { id: string } }, Saved>;
};

type ClassValues = PriceValues & { duration: number | string };

export const CLASS_PRICE: PriceKind<ClassTuition, ClassValues, ReturnType<typeof classBody>> = {
  titles: { new: 'New class price', edit: 'Edit class price', del: 'Delete class price' },
  addLabel: 'Add class price',
  schema: classTuitionFields,
  valuesOf: (price, yearTermId) => ({
    yearTermID: price?.yearTermID ?? yearTermId,
    duration: price?.duration ?? 60,
    price: price?.price ?? '',
    applyDiscount: price?.applyDiscount ?? true,
  }),
  body: (values) => classBody(values),
  fields: (form) => (
    <>
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
    </>
  ),
  deleteQuestion: (price) => (
    <>
      Delete the price of <strong>{price.duration}-minute</strong> classes ({dollarsText(price.price)} a
      month)?
    </>
  ),
  useCreate: useCreateClassTuition,
  useUpdate: useUpdateClassTuition,
  useDelete: useDeleteClassTuition,
};

function classBody(values: ClassValues) {
  return { ...values, duration: Number(values.duration), price: Number(values.price) };
}

type PrivateValues = PriceValues & { name: string; nDancers: number | string };

export const PRIVATE_PRICE: PriceKind<PrivateTuition, PrivateValues, ReturnType<typeof privateBody>> = {
  titles: { new: 'New private price', edit: 'Edit private price', del: 'Delete private price' },
  addLabel: 'Add private price',
  schema: privateTuitionFields,
  valuesOf: (price, yearTermId) => ({
    yearTermID: price?.yearTermID ?? yearTermId,
    name: price?.name ?? '',
    nDancers: price?.nDancers ?? 1,
    price: price?.price ?? '',
    applyDiscount: price?.applyDiscount ?? true,
  }),
  body: (values) => privateBody(values),
  fields: (form) => (
    <>
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
    </>
  ),
  deleteQuestion: (price) => (
    <>
      Delete the private price <strong>{price.name}</strong> ({dollarsText(price.price)})?
    </>
  ),
  useCreate: useCreatePrivateTuition,
  useUpdate: useUpdatePrivateTuition,
  useDelete: useDeletePrivateTuition,
};

function privateBody(values: PrivateValues) {
  return { ...values, nDancers: Number(values.nDancers), price: Number(values.price) };
}

type Props<P extends { id: string }, V extends PriceValues, B> = {
  kind: PriceKind<P, V, B>;
  yearTermId: string;
  state: DialogState<P> | null;
  opened: boolean;
  onClose: () => void;
};

function PriceForm<P extends { id: string }, V extends PriceValues, B>({
  kind,
  yearTermId,
  price,
  onDone,
}: Pick<Props<P, V, B>, 'kind' | 'yearTermId'> & { price: P | null; onDone: () => void }) {
  const create = kind.useCreate();
  const update = kind.useUpdate();
  return (
    <FormDialog
      initialValues={kind.valuesOf(price, yearTermId)}
      validate={kind.schema}
      save={
        price
          ? saveWith(update, (values: V) => ({ body: { id: price.id, data: kind.body(values) } }))
          : saveWith(create, (values: V) => ({ body: kind.body(values) }))
      }
      onDone={onDone}
      submitLabel={price ? 'Save' : kind.addLabel}
    >
      {(form) => (
        <Stack gap="md">
          {kind.fields(form)}
          <ApplyDiscountSwitch {...form.getInputProps('applyDiscount', { type: 'checkbox' })} />
        </Stack>
      )}
    </FormDialog>
  );
}

function DeletePrice<P extends { id: string }, V extends PriceValues, B>({
  kind,
  price,
  opened,
  onClose,
}: Pick<Props<P, V, B>, 'kind' | 'opened' | 'onClose'> & { price: P }) {
  const remove = kind.useDelete();
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title={kind.titles.del}
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate({ params: { id: price.id } }, notifyResult(onClose))}
    >
      {kind.deleteQuestion(price)}
    </ConfirmDeleteDialog>
  );
}

/** A class price's or a private-lesson price's dialog, by `kind`, in its three modes: new, edit and del (002 §2). */
export function TuitionPriceDialog<P extends { id: string }, V extends PriceValues, B>({
  kind,
  yearTermId,
  state,
  opened,
  onClose,
}: Props<P, V, B>) {
  return (
    <ConfigDialog
      state={state}
      opened={opened}
      onClose={onClose}
      titles={kind.titles}
      fullScreenOnPhone
      confirmDelete={(price) => <DeletePrice kind={kind} price={price} opened={opened} onClose={onClose} />}
    >
      {(price) => <PriceForm kind={kind} yearTermId={yearTermId} price={price} onDone={onClose} />}
    </ConfigDialog>
  );
}
