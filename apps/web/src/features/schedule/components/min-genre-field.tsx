import { Button, Group, NumberInput } from '@mantine/core';
import type { ClassInfo } from '@pirouette/domain';
import { useState } from 'react';
import { notifyResult } from '../../../lib/notify';
import { useUpdateMinGenre } from '../api/schedule';

/** How many genres a student takes at least, within the range the requirements allow (002 §5). */
export function MinGenreField({ classID, info }: { classID: string; info: ClassInfo }) {
  const update = useUpdateMinGenre();
  const { min, max } = info.minGenre;
  const [value, setValue] = useState<number | string>(info.minGenreRequired);
  const fixed = min === max;
  const changed = Number(value) !== info.minGenreRequired && value !== '';
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        style={{ flex: 1 }}
        size="sm"
        label="Minimum genres required"
        description={
          fixed ? `The requirements set it to ${min}.` : `Between ${min} and ${max}, from the requirements.`
        }
        min={min}
        max={max}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        value={value}
        onChange={setValue}
      />
      <Button
        size="sm"
        variant="default"
        disabled={!changed}
        loading={update.isPending}
        onClick={() =>
          update.mutate(
            { params: { id: classID }, body: { minGenreRequired: Number(value) } },
            notifyResult(),
          )
        }
      >
        Save
      </Button>
    </Group>
  );
}
