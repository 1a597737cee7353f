import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type CostumeSettings, dollarsText } from '@pirouette/domain';
import { depositRuleSentence } from '../lib/costumes';
import { type AssignFormState, type AssignTarget, OTHER, useAssignForm } from './use-assign-form';

export type { AssignTarget } from './use-assign-form';

/** Another size or colour than the style's: its size, colour, and buy and sell prices. */
function OtherEntryFields({ f }: { f: AssignFormState }) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <TextInput
        label="Size"
        value={f.other.size}
        onChange={(e) => f.setOther({ ...f.other, size: e.currentTarget.value })}
      />
      <TextInput
        label="Colour"
        value={f.other.color}
        onChange={(e) => f.setOther({ ...f.other, color: e.currentTarget.value })}
      />
      <NumberInput
        label="Buy price"
        prefix="$"
        decimalScale={2}
        min={0}
        hideControls
        value={f.other.buy}
        onChange={(v) => f.setOther({ ...f.other, buy: String(v) })}
      />
      <NumberInput
        label="Sell price"
        prefix="$"
        decimalScale={2}
        min={0}
        hideControls
        value={f.other.sell}
        onChange={(v) => f.setOther({ ...f.other, sell: String(v) })}
      />
    </SimpleGrid>
  );
}

function AssignForm({
  target,
  settings,
  onClose,
}: {
  target: AssignTarget;
  settings: CostumeSettings | undefined;
  onClose: () => void;
}) {
  const f = useAssignForm(target, settings, onClose);
  const { style } = target;
  const { entries, words, entry, deposit, pending, problem, refusal } = f;

  return (
    <Stack gap="sm">
      <Text size="sm">
        {style.styleName}{' '}
        <Text span c="dimmed">
          · {style.company} #{style.styleNumber}
        </Text>
      </Text>
      <Text size="sm" c={words.color === 'teal' ? 'teal.8' : words.color === 'gray' ? 'dimmed' : 'orange.8'}>
        Suggested: {words.label}
        {words.note ? ` — ${words.note}` : ''}
      </Text>
      <Select
        label="Size and colour"
        data={[
          ...entries.map((e) => ({
            value: e.priceID,
            label: `${e.size}${e.color ? ` · ${e.color}` : ''} — ${dollarsText(e.price_sell)}`,
          })),
          { value: OTHER, label: 'Another size or colour…' },
        ]}
        value={f.entryId}
        onChange={f.pick}
        allowDeselect={false}
        data-autofocus
      />
      {f.isOther ? (
        <OtherEntryFields f={f} />
      ) : (
        <NumberInput
          label="Price the family pays"
          description={entry ? `The studio buys it at ${dollarsText(entry.price_buy)}.` : undefined}
          prefix="$"
          decimalScale={2}
          min={0}
          hideControls
          value={f.price}
          onChange={f.setPrice}
        />
      )}
      <Alert color="blue" variant="light" p="sm">
        <Text size="sm">
          Deposit charged to the family now: <b>{dollarsText(Number.isFinite(deposit) ? deposit : 0)}</b>
        </Text>
        <Text size="xs" c="dimmed">
          {depositRuleSentence(settings)} The family's bill shows the amount the server posts.
        </Text>
      </Alert>
      {(problem || refusal) && (
        <Alert color="red" role="alert">
          {problem ?? refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={f.submit} loading={pending}>
          Assign costume
        </Button>
      </Group>
    </Stack>
  );
}

/** Assigns a size and colour of a style to a dancer, showing the price and the deposit it charges. */
export function AssignDialog({
  target,
  settings,
  opened,
  onClose,
}: {
  target: AssignTarget | null;
  settings: CostumeSettings | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened && !!target}
      onClose={onClose}
      title={target ? `Costume for ${target.dancer.studentName}` : 'Costume'}
      radius="lg"
      centered
    >
      {target && opened && <AssignForm target={target} settings={settings} onClose={onClose} />}
    </Modal>
  );
}
