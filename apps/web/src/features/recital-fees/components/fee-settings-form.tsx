import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  dollarsText,
  RECITAL_FEE_TEXT,
  type RecitalFeeOverview,
  type RecitalFeePer,
} from '@pirouette/domain';
import { useState } from 'react';
import { notifyResult } from '../../../lib/notify';
import { useSaveFeeSettings } from '../api/fees';

type Settings = RecitalFeeOverview['settings'];

/** Dollars as typed ("45", "45.5") to cents; null when it is not an amount. */
export function centsOf(value: string | number): number | null {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (String(value).trim() === '' || !Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

/**
 * The fee's settings: the amount, per dancer or per family, and the last day leaving the recital takes
 * it off. Once a fee is on a bill the amount and per are shown but kept (the server says why too).
 */
export function FeeSettingsForm({ recitalId, settings }: { recitalId: string; settings: Settings }) {
  const [amount, setAmount] = useState<string | number>(settings.amount / 100);
  const [per, setPer] = useState<RecitalFeePer>(settings.per);
  const [until, setUntil] = useState(settings.refundableUntil ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveFeeSettings(recitalId);
  const submit = () => {
    const cents = centsOf(amount);
    if (cents === null || cents > 10_000_000) {
      setProblem(RECITAL_FEE_TEXT.badAmount);
      return;
    }
    setProblem(null);
    save.mutate(
      { params: { id: recitalId }, body: { amount: cents, per, refundableUntil: until || null } },
      notifyResult(),
    );
  };
  return (
    <Stack gap="md">
      {settings.locked && (
        <Alert color="blue" variant="light" title="Fees are on families’ bills">
          The amount ({dollarsText(settings.amount / 100)}) and whether it is per dancer or per family stay as
          they are. The last day to take the fee off can still change.
        </Alert>
      )}
      <Group align="flex-end" gap="md" wrap="wrap">
        <NumberInput
          label="Fee"
          description="What each one pays"
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          min={0}
          max={100_000}
          value={amount}
          onChange={setAmount}
          disabled={settings.locked}
          error={problem}
          w={{ base: '100%', sm: 160 }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="fee-per-label">
            Charged
          </Text>
          <SegmentedControl
            aria-labelledby="fee-per-label"
            value={per}
            onChange={(v) => setPer(v as RecitalFeePer)}
            disabled={settings.locked}
            data={[
              { value: 'dancer', label: 'Per dancer' },
              { value: 'family', label: 'Per family' },
            ]}
          />
        </Stack>
        <TextInput
          type="date"
          label="Taken off if they leave by"
          description="Leave empty: the fee stays once posted"
          value={until}
          onChange={(e) => setUntil(e.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
        <Button onClick={submit} loading={save.isPending}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}
