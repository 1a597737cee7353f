import {
  Card,
  List,
  NumberInput,
  type NumberInputProps,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  centsText,
  describeFees,
  describeSiblingIndex,
  describeUnlimited,
  UNLIMITED_PRESETS,
} from '@pirouette/domain';
import { draftMoneySettings, type MoneyFormValues } from '../money-form';

type Form = UseFormReturnType<MoneyFormValues>;

const PRESETS = (['A', 'B', 'C'] as const).map((preset) => ({
  value: preset,
  label: `Reading ${preset}: ${centsText(UNLIMITED_PRESETS[preset].first)} / ${centsText(UNLIMITED_PRESETS[preset].others)}`,
  description: describeUnlimited({ preset }),
}));

const dollarInput: NumberInputProps = {
  size: 'md',
  prefix: '$',
  min: 0,
  decimalScale: 2,
  fixedDecimalScale: true,
  thousandSeparator: ',',
};

/** The unlimited cap: a reading of the usual amounts, the studio's own, or none. */
export function UnlimitedCapCard({ form }: { form: Form }) {
  const values = form.getValues();
  return (
    <Card>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            Unlimited cap
          </Title>
          <Text size="sm" c="dimmed">
            The most a child pays a month, however many classes they take. It applies after the discounts.
          </Text>
        </div>
        <Radio.Group {...form.getInputProps('preset')}>
          <Stack gap="sm" mt={4}>
            {PRESETS.map((p) => (
              <Radio key={p.value} value={p.value} label={p.label} description={p.description} />
            ))}
            <Radio
              value="custom"
              label="Your own amounts"
              description="Choose the cap of the first child and of each further child."
            />
            {values.preset === 'custom' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} pl={32}>
                <NumberInput
                  label="First child’s cap a month"
                  {...dollarInput}
                  {...form.getInputProps('capFirst')}
                />
                <NumberInput
                  label="Each further child’s cap a month"
                  {...dollarInput}
                  {...form.getInputProps('capOthers')}
                />
              </SimpleGrid>
            )}
            <Radio value="none" label="No cap" description={describeUnlimited({ preset: 'none' })} />
          </Stack>
        </Radio.Group>
      </Stack>
    </Card>
  );
}

/** How the sibling discount counts: by child, or by child and class. */
export function SiblingIndexCard({ form }: { form: Form }) {
  return (
    <Card>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            How the sibling discount counts
          </Title>
          <Text size="sm" c="dimmed">
            Children are ordered by their tuition, highest first; the sibling discount starts with the second.
          </Text>
        </div>
        <Radio.Group {...form.getInputProps('siblingIndex')}>
          <Stack gap="sm" mt={4}>
            <Radio value="student" label="By child (usual)" description={describeSiblingIndex('student')} />
            <Radio
              value="student+class"
              label="By child and class"
              description={describeSiblingIndex('student+class')}
            />
          </Stack>
        </Radio.Group>
      </Stack>
    </Card>
  );
}

/** The registration, late and bounced check fees. */
export function FeesCard({ form }: { form: Form }) {
  return (
    <Card>
      <Stack gap="sm">
        <Title order={3} fz="md">
          Fees
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Registration fee" {...dollarInput} {...form.getInputProps('registrationFee')} />
          <TextInput
            label="Registration participation"
            description="What the fee is for, as families see it."
            {...form.getInputProps('participation')}
          />
          <NumberInput label="Late fee" {...dollarInput} {...form.getInputProps('lateFee')} />
          <NumberInput
            label="Late after (days past the due date)"
            size="md"
            min={0}
            max={365}
            allowDecimal={false}
            {...form.getInputProps('lateFeeDays')}
          />
          <NumberInput
            label="Bounced check fee"
            {...dollarInput}
            {...form.getInputProps('bouncedCheckFee')}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Whether parents' registrations wait for approval, and how long a waitlist offer holds. */
export function RegistrationsCard({ form }: { form: Form }) {
  return (
    <Card>
      <Stack gap="sm">
        <Title order={3} fz="md">
          Registrations
        </Title>
        <Switch
          size="md"
          label="Parents' registrations wait for my approval"
          description="A class a parent registers for holds its place, and joins the family's payment plan once you approve it under Accounts → Approvals."
          {...form.getInputProps('approval', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="A waitlist offer holds the place for"
            description="When a place frees, the first dancer on the class's waitlist is offered it for this long."
            suffix=" hours"
            size="md"
            min={1}
            max={168}
            allowDecimal={false}
            {...form.getInputProps('waitlistOfferHours')}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The rules as they stand on the form, in plain words, or a word to fix the amounts first. */
export function PlainWordsCard({ form }: { form: Form }) {
  const draft = draftMoneySettings(form.getValues());
  return (
    <Card bg="gray.0">
      <Stack gap="xs">
        <Title order={3} fz="md">
          In plain words
        </Title>
        {draft ? (
          <List spacing={6} size="sm">
            <List.Item>{describeUnlimited(draft.unlimited)}</List.Item>
            <List.Item>{describeSiblingIndex(draft.siblingIndex)}</List.Item>
            {describeFees(draft).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
            <List.Item>
              {draft.registration.approval
                ? "Parents' registrations wait for your approval before they join a payment plan."
                : "Parents' registrations are confirmed at once."}
            </List.Item>
            <List.Item>
              A freed place is offered to the first dancer on the waitlist and held for{' '}
              {draft.registration.waitlistOfferHours} hours.
            </List.Item>
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            Fix the amounts above to read the rules.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
