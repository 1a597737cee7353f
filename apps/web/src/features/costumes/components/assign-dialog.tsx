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
import { type CostumeSettings, type CostumeStyle, type DancerOutfit, dollarsText } from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useAssign, useSizePriceAssign } from '../api/costumes';
import {
  depositPreview,
  depositRuleSentence,
  priceValue,
  sortedEntries,
  suggestionText,
} from '../lib/costumes';

export type AssignTarget = { dancer: DancerOutfit; style: CostumeStyle };

const OTHER = '__other';

function AssignForm({
  target: { dancer, style },
  settings,
  onClose,
}: {
  target: AssignTarget;
  settings: CostumeSettings | undefined;
  onClose: () => void;
}) {
  const assign = useAssign();
  const sizePriceAssign = useSizePriceAssign();
  const entries = sortedEntries(style.sizeColors, style.sizeGroups, style.colors);
  const suggestion = dancer.suggestions.find((s) => s.costumeID === style.id);
  const words = suggestionText(suggestion);
  // The suggested size's first entry is picked to start with.
  const suggested = entries.find((e) =>
    suggestion?.sizes.some((s) => s.toLowerCase() === e.size.toLowerCase()),
  );
  const [entryId, setEntryId] = useState<string | null>(suggested?.priceID ?? entries[0]?.priceID ?? OTHER);
  const entry = style.sizeColors.find((e) => e.priceID === entryId);
  const [price, setPrice] = useState<number | string>(entry?.price_sell ?? '');
  const [other, setOther] = useState({
    size: suggestion?.sizes[0] ?? '',
    color: style.colors[0] ?? '',
    buy: '',
    sell: '',
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const isOther = entryId === OTHER;
  const sell = isOther ? priceValue(other.sell) : price === '' ? Number.NaN : Number(price);
  const deposit = depositPreview(settings, sell);
  const pending = assign.isPending || sizePriceAssign.isPending;
  const done = {
    onSuccess: (answer: { msg: string }) => {
      notifySuccess(answer.msg);
      onClose();
    },
    onError: (e: unknown) => setRefusal(errorText(e)),
  };
  const submit = () => {
    setRefusal(null);
    if (isOther) {
      if (!other.size.trim()) return setProblem('Enter the size.');
      if (!Number.isFinite(priceValue(other.buy)) || !Number.isFinite(priceValue(other.sell)))
        return setProblem('Enter the buy and sell prices.');
      setProblem(null);
      sizePriceAssign.mutate(
        {
          body: {
            dncNumActID: dancer.dncNumActID,
            costumeID: style.id,
            size: other.size.trim(),
            color: other.color.trim(),
            price_buy: priceValue(other.buy),
            price_sell: priceValue(other.sell),
          },
        },
        done,
      );
      return;
    }
    if (!entry) return setProblem('Pick a size and colour.');
    if (!Number.isFinite(sell) || sell < 0) return setProblem('Enter the price the family pays.');
    setProblem(null);
    assign.mutate({ body: { dncNumActID: dancer.dncNumActID, priceID: entry.priceID, price: sell } }, done);
  };

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
        value={entryId}
        onChange={(v) => {
          setEntryId(v);
          const next = style.sizeColors.find((e) => e.priceID === v);
          if (next) setPrice(next.price_sell);
          setProblem(null);
        }}
        allowDeselect={false}
        data-autofocus
      />
      {isOther ? (
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Size"
            value={other.size}
            onChange={(e) => setOther({ ...other, size: e.currentTarget.value })}
          />
          <TextInput
            label="Colour"
            value={other.color}
            onChange={(e) => setOther({ ...other, color: e.currentTarget.value })}
          />
          <NumberInput
            label="Buy price"
            prefix="$"
            decimalScale={2}
            min={0}
            hideControls
            value={other.buy}
            onChange={(v) => setOther({ ...other, buy: String(v) })}
          />
          <NumberInput
            label="Sell price"
            prefix="$"
            decimalScale={2}
            min={0}
            hideControls
            value={other.sell}
            onChange={(v) => setOther({ ...other, sell: String(v) })}
          />
        </SimpleGrid>
      ) : (
        <NumberInput
          label="Price the family pays"
          description={entry ? `The studio buys it at ${dollarsText(entry.price_buy)}.` : undefined}
          prefix="$"
          decimalScale={2}
          min={0}
          hideControls
          value={price}
          onChange={setPrice}
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
        <Button onClick={submit} loading={pending}>
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
