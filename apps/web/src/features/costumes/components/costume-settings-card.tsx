import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CostumeSettings,
  type CostumeSettingsInput,
  costumeSettingsInput,
  messages,
} from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { zodErrors } from '../../../lib/zod-form';
import { useCostumeSettings, useSaveCostumeSettings } from '../api/costumes';
import { depositRuleSentence } from '../lib/costumes';

type Draft = {
  depositKind: CostumeSettings['depositKind'];
  depositAmount: number | string;
  depositPercent: number | string;
  refundableUntil: string;
};

const draftOf = (s: CostumeSettings): Draft => ({
  depositKind: s.depositKind,
  depositAmount: s.depositAmount,
  depositPercent: s.depositPercent,
  refundableUntil: s.refundableUntil ?? '',
});

const bodyOf = (d: Draft): CostumeSettingsInput => ({
  depositKind: d.depositKind,
  depositAmount: d.depositKind === 'amount' ? Number(d.depositAmount) : 0,
  depositPercent: d.depositKind === 'percent' ? Number(d.depositPercent) : 0,
  refundableUntil: d.refundableUntil || null,
});

function SettingsForm({ settings }: { settings: CostumeSettings }) {
  const save = useSaveCostumeSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setErrors({});
  };
  const submit = () => {
    const body = bodyOf(draft);
    const found = zodErrors(costumeSettingsInput, body);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length) return;
    save.mutate(
      { body },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          setDraft(draftOf(answer));
        },
        onError: (e) => setRefusal(errorText(e)),
      },
    );
  };
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={draft.depositKind}
        onChange={(v) => set({ depositKind: v as Draft['depositKind'] })}
        data={[
          { value: 'none', label: 'No deposit' },
          { value: 'amount', label: 'An amount' },
          { value: 'percent', label: 'A percentage' },
        ]}
        aria-label="Deposit"
        fullWidth
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {draft.depositKind === 'amount' && (
          <NumberInput
            label="Deposit a costume"
            prefix="$"
            decimalScale={2}
            min={0}
            value={draft.depositAmount}
            onChange={(v) => set({ depositAmount: v })}
            error={errors.depositAmount}
          />
        )}
        {draft.depositKind === 'percent' && (
          <NumberInput
            label="Deposit, % of the price"
            suffix="%"
            decimalScale={2}
            min={0}
            max={100}
            value={draft.depositPercent}
            onChange={(v) => set({ depositPercent: v })}
            error={errors.depositPercent}
          />
        )}
        {draft.depositKind !== 'none' && (
          <TextInput
            type="date"
            label="Refundable until"
            value={draft.refundableUntil}
            onChange={(e) => set({ refundableUntil: e.currentTarget.value })}
            error={errors.refundableUntil}
          />
        )}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {depositRuleSentence({
          ...settings,
          ...bodyOf(draft),
          depositAmount: Number(draft.depositAmount) || 0,
          depositPercent: Number(draft.depositPercent) || 0,
        })}
      </Text>
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          Save deposit
        </Button>
      </Group>
    </Stack>
  );
}

/** The studio's costume deposit: none, an amount or a percentage of the price, and until when it is refundable. */
export function CostumeSettingsCard() {
  const query = useCostumeSettings();
  return (
    <Card p="lg" component="section" aria-label="Costume deposit">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            Costume deposit
          </Title>
          <Text size="sm" c="dimmed">
            Charged to the family's bill when a costume is assigned to a dancer. From the refundable date on,
            removing a costume keeps its deposit.
          </Text>
        </Stack>
        {query.isPending ? (
          <Skeleton h={120} aria-label="Loading the costume deposit" />
        ) : query.isError ? (
          <Alert color="red" title={errorText(query.error, messages.loadFailed)}>
            <Button size="compact-sm" variant="light" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <SettingsForm settings={query.data} />
        )}
      </Stack>
    </Card>
  );
}
