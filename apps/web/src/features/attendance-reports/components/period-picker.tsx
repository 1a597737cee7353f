import { Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateOnly } from '@pirouette/domain';
import { PERIOD_PRESETS, type Period, type PeriodPreset, PRESET_LABELS } from '../period';

type Props = {
  preset: PeriodPreset;
  onPreset: (preset: PeriodPreset) => void;
  /** The period shown (the preset's, or the custom one as typed). */
  custom: Period;
  onCustom: (next: Period) => void;
  /** The period the reports read, once it is valid. */
  period: Period;
  problem: string | null;
};

/** This month, last month, this term, or a custom period of at most a year. */
export function PeriodPicker({ preset, onPreset, custom, onCustom, period, problem }: Props) {
  // On a phone the four choices share the width, in a smaller type, rather than run off the screen.
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Stack gap="xs" style={{ flex: '1 1 18rem', minWidth: 0 }}>
      <Group gap="sm" align="center" wrap="wrap">
        <SegmentedControl
          aria-label="Period"
          fullWidth={narrow}
          size={narrow ? 'xs' : 'sm'}
          w={narrow ? '100%' : undefined}
          value={preset}
          onChange={(v) => onPreset(v as PeriodPreset)}
          data={PERIOD_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
        />
        {preset !== 'custom' && (
          <Text size="sm" c="dimmed" data-testid="period-text">
            {`${formatDateOnly(period.from)} – ${formatDateOnly(period.to)}`}
          </Text>
        )}
      </Group>
      {preset === 'custom' && (
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            size="sm"
            value={custom.from}
            max={custom.to || undefined}
            onChange={(e) => onCustom({ ...custom, from: e.currentTarget.value })}
            error={problem ?? undefined}
          />
          <TextInput
            type="date"
            label="To"
            size="sm"
            value={custom.to}
            min={custom.from || undefined}
            onChange={(e) => onCustom({ ...custom, to: e.currentTarget.value })}
          />
        </Group>
      )}
    </Stack>
  );
}
