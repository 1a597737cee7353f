import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  DISCOUNT_NAME_MAX,
  type DiscountItem,
  describeDiscount,
  inApplicationOrder,
  type StudioMoneySettings,
} from '@pirouette/domain';
import { saveWith, useFormDialog, useFormSubmit } from '../../../components/form-dialog';
import { useCreateDiscount, useDeleteDiscount, useUpdateDiscount } from '../api/discounts';
import {
  type DiscountFormValues,
  discountFormErrors,
  discountFormOf,
  draftDiscount,
  emptyDiscountForm,
  ROUNDING_CHOICES,
  toDiscountBody,
} from '../discount-form';
import type { SampleChild } from '../sample-family';
import { LiveExample } from './live-example';

export type DiscountDialogState = { mode: 'new' } | { mode: 'edit' | 'del'; discount: DiscountItem } | null;

type Props = {
  state: DiscountDialogState;
  onClose: () => void;
  discounts: readonly DiscountItem[];
  money: Pick<StudioMoneySettings, 'unlimited' | 'siblingIndex'>;
  family: readonly SampleChild[];
};

const TITLES = { new: 'New discount', edit: 'Edit discount', del: 'Delete discount' } as const;
const LAST = Number.MAX_SAFE_INTEGER;

/** The studio's discounts with the draft in its place: where the server will put it once saved. */
function withDraft(
  discounts: readonly DiscountItem[],
  state: NonNullable<DiscountDialogState>,
  values: DiscountFormValues,
): DiscountItem[] | null {
  if (state.mode === 'del') return discounts.filter((d) => d.id !== state.discount.id);
  const draft = draftDiscount(values);
  if (!draft) return null;
  if (state.mode === 'new') return inApplicationOrder([...discounts, { ...draft, id: 'draft', order: LAST }]);
  const moved = draft.typeID !== state.discount.typeID;
  return inApplicationOrder(
    discounts.map((d) =>
      d.id === state.discount.id ? { ...draft, id: d.id, order: moved ? LAST : d.order } : d,
    ),
  );
}

/** The discount's type, amount, rounding and name, and how it reads. */
function DiscountFields({
  form,
  draft,
}: {
  form: UseFormReturnType<DiscountFormValues>;
  draft: ReturnType<typeof draftDiscount>;
}) {
  const values = form.getValues();
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4}>
          Type
        </Text>
        <SegmentedControl
          fullWidth
          data={[
            { value: '100', label: 'Multi-class' },
            { value: '200', label: 'Sibling' },
          ]}
          {...form.getInputProps('typeID')}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {values.typeID === '100'
            ? 'Taken off a child’s second class and each one after it (most expensive class first).'
            : 'Taken off the classes of the second child and each one after (highest tuition first).'}
        </Text>
      </div>
      <div>
        <Text size="sm" fw={500} mb={4}>
          Amount
        </Text>
        <SegmentedControl
          fullWidth
          data={[
            { value: '100', label: 'Percent' },
            { value: '200', label: 'Fixed amount' },
          ]}
          {...form.getInputProps('vTypeID')}
        />
      </div>
      {values.vTypeID === '100' ? (
        <NumberInput
          size="md"
          label="Percentage off per step"
          suffix=" %"
          min={0}
          max={100}
          decimalScale={4}
          {...form.getInputProps('percent')}
        />
      ) : (
        <NumberInput
          size="md"
          label="Amount off per step"
          prefix="$"
          min={0}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          {...form.getInputProps('amount')}
        />
      )}
      <Select
        label="Round the price"
        data={ROUNDING_CHOICES}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('rounding')}
      />
      {values.rounding === 'custom' && (
        <NumberInput
          size="md"
          label="Round to a multiple of"
          prefix="$"
          min={0.01}
          decimalScale={2}
          fixedDecimalScale
          {...form.getInputProps('customRounding')}
        />
      )}
      <TextInput
        label="Name (optional)"
        placeholder="e.g. Second class"
        maxLength={DISCOUNT_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <Paper withBorder p="sm" radius="md" bg="gray.0">
        <Text size="xs" c="dimmed">
          Reads as
        </Text>
        <Text fw={600} data-testid="discount-reads-as">
          {draft ? describeDiscount(draft) : 'Complete the discount to read it.'}
        </Text>
      </Paper>
    </Stack>
  );
}

/** What deleting takes away: the discount as it reads, and its name. */
function DeleteSummary({ discount }: { discount: DiscountItem }) {
  return (
    <Stack gap="sm">
      <Text>Delete this discount? Families registered from now on will no longer get it.</Text>
      <Paper withBorder p="sm" radius="md" bg="gray.0">
        <Text fw={600}>{describeDiscount(discount)}</Text>
        {discount.name && (
          <Text size="sm" c="dimmed">
            {discount.name}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

function DialogBody({
  state,
  onClose,
  discounts,
  money,
  family,
}: Props & { state: NonNullable<DiscountDialogState> }) {
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const remove = useDeleteDiscount();
  // A refusal stays in the dialog, beside the example it was about; the form is emptied as it closes.
  const sending = { onDone: onClose, refusal: 'form', onSaved: () => form.reset() } as const;
  const { form, onSubmit, ...saving } = useFormDialog({
    initialValues: state.mode === 'new' ? emptyDiscountForm() : discountFormOf(state.discount),
    validate: discountFormErrors,
    save:
      state.mode === 'edit'
        ? saveWith(update, (v: DiscountFormValues) => ({
            params: { id: state.discount.id },
            body: toDiscountBody(v),
          }))
        : saveWith(create, (v: DiscountFormValues) => ({ body: toDiscountBody(v) })),
    ...sending,
  });
  const deleting = useFormSubmit({
    save: saveWith(remove, (discount: DiscountItem) => ({ params: { id: discount.id } })),
    ...sending,
  });
  const pending = saving.pending || deleting.pending;
  const error = saving.error ?? deleting.error;

  const values = form.getValues();
  const example = withDraft(discounts, state, values);
  const draft = state.mode === 'del' ? state.discount : draftDiscount(values);

  return (
    <form onSubmit={state.mode === 'del' ? (e) => e.preventDefault() : onSubmit} noValidate>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {state.mode === 'del' ? (
            <DeleteSummary discount={state.discount} />
          ) : (
            <DiscountFields form={form} draft={draft} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xs">
            <Title order={4} fz="sm">
              {state.mode === 'del' ? 'The sample family without it' : 'The sample family with this discount'}
            </Title>
            {example ? (
              <LiveExample family={family} discounts={example} money={money} />
            ) : (
              <Alert color="yellow">Complete the discount to see what it does to the sample family.</Alert>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {error && (
        <Alert color="red" mt="md" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        {state.mode === 'del' ? (
          <Button color="red" loading={pending} onClick={() => deleting.submit(state.discount)}>
            Delete
          </Button>
        ) : (
          <Button type="submit" loading={pending}>
            {state.mode === 'new' ? 'Add discount' : 'Save changes'}
          </Button>
        )}
      </Group>
    </form>
  );
}

/** New, edit and delete (the spec's dialog modes); it closes on success and starts afresh each time. */
export function DiscountDialog(props: Props) {
  const { state, onClose } = props;
  const key = state ? `${state.mode}-${state.mode === 'new' ? '' : state.discount.id}` : 'closed';
  return (
    <Modal opened={state !== null} onClose={onClose} title={state ? TITLES[state.mode] : ''} size={1120}>
      {state && <DialogBody key={key} {...props} state={state} />}
    </Modal>
  );
}
