import { ActionIcon, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import type { RegState } from '@pirouette/domain';
import { IconX } from '@tabler/icons-react';
import { StateMark } from './state-mark';

export type GridDancer = { acctStdID: string; studentName: string; state: RegState };

/**
 * A number's or lesson's dancers, each with its state: a box to select an unregistered one, a tick and
 * a remove button for a registered one.
 */
export function DancerGrid({
  dancers,
  onToggle,
  onRemove,
}: {
  dancers: GridDancer[];
  onToggle: (studentId: string) => void;
  onRemove: (d: GridDancer) => void;
}) {
  if (dancers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No dancer goes to competitions with it yet.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing={4} verticalSpacing={4}>
      {dancers.map((d) => (
        <Group key={d.acctStdID} gap={8} wrap="nowrap" mih={30}>
          <StateMark state={d.state} label={d.studentName} onToggle={() => onToggle(d.acctStdID)} />
          <Text
            size="sm"
            fw={d.state === 2 ? 500 : 400}
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {d.studentName}
          </Text>
          {d.state === 2 && (
            <Tooltip label={`Take ${d.studentName} off the entry`}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Take ${d.studentName} off the entry`}
                onClick={() => onRemove(d)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ))}
    </SimpleGrid>
  );
}
