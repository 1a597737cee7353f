import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  type AssignedCostume,
  type CostumeStyle,
  type DancerOutfit,
  dollarsText,
  formatDateOnly,
} from '@pirouette/domain';
import { IconPlus, IconRuler2, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { depositPaidText, type NumberTotals, suggestionText } from '../lib/costumes';

type Actions = {
  onMeasure: (dancer: DancerOutfit) => void;
  onAssign: (dancer: DancerOutfit, style: CostumeStyle) => void;
  onUnassign: (dancer: DancerOutfit, costume: AssignedCostume) => void;
};

type Props = Actions & { dancers: DancerOutfit[]; styles: CostumeStyle[]; narrow: boolean };

function Measurements({ dancer, onMeasure }: { dancer: DancerOutfit } & Pick<Actions, 'onMeasure'>) {
  const m = dancer.measurements;
  const figures = m
    ? [
        ['Girth', m.girth],
        ['Chest', m.chest],
        ['Hips', m.hips],
        ['Height', m.height],
      ].filter(([, v]) => v !== null)
    : [];
  return (
    <Stack gap={2}>
      {m ? (
        <>
          <Text size="sm">{figures.map(([label, v]) => `${label} ${v}″`).join(' · ')}</Text>
          <Text size="xs" c="dimmed">
            Taken {formatDateOnly(m.takenOn)}
          </Text>
        </>
      ) : (
        <Text size="sm" c="orange.8">
          Not measured yet
        </Text>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconRuler2 size={14} />}
        onClick={() => onMeasure(dancer)}
        w="fit-content"
        px={4}
        aria-label={`Record measurements of ${dancer.studentName}`}
      >
        Record measurements
      </Button>
    </Stack>
  );
}

function Assigned({
  costume,
  dancer,
  onUnassign,
}: { costume: AssignedCostume; dancer: DancerOutfit } & Pick<Actions, 'onUnassign'>) {
  const paid = costume.depositPaid >= costume.deposit && costume.deposit > 0;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {[costume.size, costume.color].filter(Boolean).join(' · ')} — {dollarsText(costume.price)}
        </Text>
        <Text size="xs" c={costume.deposit > 0 && !paid ? 'orange.8' : 'dimmed'}>
          {depositPaidText(costume.deposit, costume.depositPaid)}
        </Text>
      </Stack>
      <Tooltip label="Remove the costume from the dancer">
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={() => onUnassign(dancer, costume)}
          aria-label={`Remove ${costume.styleName} from ${dancer.studentName}`}
        >
          <IconX size={14} />
        </Button>
      </Tooltip>
    </Group>
  );
}

/** One style for one dancer: the size suggested, then the costume assigned or the button to assign it. */
function StyleCell({
  dancer,
  style,
  onAssign,
  onUnassign,
  showName,
}: { dancer: DancerOutfit; style: CostumeStyle; showName: boolean } & Actions) {
  const costume = dancer.costumes.find((c) => c.costumeID === style.id);
  const words = suggestionText(dancer.suggestions.find((s) => s.costumeID === style.id));
  return (
    <Stack gap={4} data-testid="dancer-style">
      {showName && (
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {style.styleName}
        </Text>
      )}
      <Tooltip label={words.note} disabled={!words.note} multiline w={240}>
        <Badge
          variant="light"
          color={words.color}
          radius="sm"
          tt="none"
          w="fit-content"
          styles={{ label: { overflow: 'visible' } }}
        >
          {words.label}
          {words.note && words.color !== 'gray' ? ' · measure again' : ''}
        </Badge>
      </Tooltip>
      {costume ? (
        <Assigned costume={costume} dancer={dancer} onUnassign={onUnassign} />
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onAssign(dancer, style)}
          w="fit-content"
          aria-label={`Assign ${style.styleName} to ${dancer.studentName}`}
        >
          Assign size
        </Button>
      )}
    </Stack>
  );
}

function Money({ dancer }: { dancer: DancerOutfit }) {
  if (!dancer.costumes.length)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{dollarsText(dancer.sell_price)}</Text>
      <Text size="xs" c="dimmed">
        Deposits {dollarsText(dancer.depositPaid)} of {dollarsText(dancer.deposit)} paid
      </Text>
    </Stack>
  );
}

/** The dancers of the number: measurements, the size suggested for each costume, what is assigned, with money. */
export function NumberDancers({ dancers, styles, narrow, ...actions }: Props) {
  if (narrow)
    return (
      <Stack gap="sm">
        {dancers.map((d) => (
          <Paper key={d.dncNumActID} withBorder p="sm" data-testid="number-dancer">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text fw={600}>{d.studentName}</Text>
                {d.costumes.length > 0 && <Money dancer={d} />}
              </Group>
              <Measurements dancer={d} onMeasure={actions.onMeasure} />
              {styles.map((s) => (
                <Paper key={s.id} bg="var(--mantine-color-gray-0)" p="xs" radius="sm">
                  <StyleCell dancer={d} style={s} showName {...actions} />
                </Paper>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Dancer</Table.Th>
              <Table.Th>Measurements</Table.Th>
              {styles.map((s) => (
                <Table.Th key={s.id}>{s.styleName}</Table.Th>
              ))}
              <Table.Th pr="md">Costumes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dancers.map((d) => (
              <Table.Tr key={d.dncNumActID} data-testid="number-dancer" style={{ verticalAlign: 'top' }}>
                <Table.Td pl="md">
                  <Text fw={600} size="sm">
                    {d.studentName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Measurements dancer={d} onMeasure={actions.onMeasure} />
                </Table.Td>
                {styles.map((s) => (
                  <Table.Td key={s.id}>
                    <StyleCell dancer={d} style={s} showName={false} {...actions} />
                  </Table.Td>
                ))}
                <Table.Td pr="md">
                  <Money dancer={d} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {children}
      </Text>
    </Paper>
  );
}

/** The number's totals: what families pay, what the studio pays, deposits charged and paid. */
export function NumberTotalsBar({ totals }: { totals: NumberTotals }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Totals of the dance number">
      <Figure label="Sell (families pay)">{dollarsText(totals.sell)}</Figure>
      <Figure label="Buy (studio pays)">{dollarsText(totals.buy)}</Figure>
      <Figure label="Deposits charged">{dollarsText(totals.deposit)}</Figure>
      <Figure label="Deposits paid">{dollarsText(totals.depositPaid)}</Figure>
    </SimpleGrid>
  );
}
