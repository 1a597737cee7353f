import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  generateSeats,
  MAX_ROW_SEATS,
  type SeatItem,
  type SeatingInput,
  type SeatNumbering,
  type SeatRowInput,
  seatKey,
} from '@pirouette/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { notifyResult } from '../../../lib/notify';
import { useSaveSeating } from '../api/seating';
import { type MapSeat, SeatLegend, SeatMap } from './seat-map';

const NUMBERINGS: { value: SeatNumbering; label: string }[] = [
  { value: 'ltr', label: '1, 2, 3 →' },
  { value: 'rtl', label: '← 1, 2, 3' },
  { value: 'odd', label: 'Odd 1, 3, 5' },
  { value: 'even', label: 'Even 2, 4, 6' },
];

const nextLabel = (rows: readonly SeatRowInput[]) => {
  const last = rows[rows.length - 1]?.label ?? '';
  return /^[A-Y]$/.test(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : String(rows.length + 1);
};
const newRow = (label: string, like?: SeatRowInput): SeatRowInput => ({
  label,
  seats: like?.seats ?? 12,
  firstNumber: like?.firstNumber ?? 1,
  numbering: like?.numbering ?? 'ltr',
  aisles: like?.aisles ?? [],
  blocked: [],
  accessible: [],
});

/** Aisles as typed ("4, 8"): kept as text while typed, read on leaving the field. */
function AislesInput({
  value,
  onChange,
  label,
}: {
  value: number[];
  onChange: (v: number[]) => void;
  label: string;
}) {
  const [text, setText] = useState(value.join(', '));
  return (
    <TextInput
      aria-label={label}
      placeholder="none"
      value={text}
      size="xs"
      w={90}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => {
        const parsed = [
          ...new Set(
            text
              .split(/[\s,;]+/)
              .map(Number)
              .filter((n) => Number.isInteger(n) && n > 0),
          ),
        ].sort((a, b) => a - b);
        setText(parsed.join(', '));
        onChange(parsed);
      }}
    />
  );
}

/** Toggles a seat number in a list. */
const toggled = (list: readonly number[], n: number) =>
  list.includes(n) ? list.filter((x) => x !== n) : [...list, n].sort((a, b) => a - b);

type Section = SeatingInput['sections'][number];

/** One section's name and rows (label, seats, first number, numbering, aisles). */
function SectionEditor({
  section,
  onChange,
  onRemove,
}: {
  section: Section;
  onChange: (change: (s: Section) => Section) => void;
  onRemove: () => void;
}) {
  const setRow = (r: number, change: Partial<SeatRowInput>) =>
    onChange((s) => ({ ...s, rows: s.rows.map((row, k) => (k === r ? { ...row, ...change } : row)) }));
  return (
    <Stack gap="xs">
      <Group gap="xs" align="end">
        <TextInput
          label="Section"
          value={section.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            onChange((s) => ({ ...s, name }));
          }}
          w={220}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Remove section ${section.name}`}
          onClick={onRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Seats</Table.Th>
              <Table.Th>First no.</Table.Th>
              <Table.Th>Numbering</Table.Th>
              <Table.Th>Aisle after seat</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.rows.map((row, r) => {
              const name = `${section.name} row ${row.label}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place (its label is being typed)
                <Table.Tr key={r}>
                  <Table.Td>
                    <TextInput
                      aria-label={`${name}: label`}
                      size="xs"
                      w={56}
                      value={row.label}
                      onChange={(e) => setRow(r, { label: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${name}: seats`}
                      size="xs"
                      w={72}
                      min={1}
                      max={MAX_ROW_SEATS}
                      allowDecimal={false}
                      value={row.seats}
                      onChange={(v) =>
                        setRow(r, { seats: Math.max(1, Math.min(MAX_ROW_SEATS, Number(v) || 1)) })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${name}: first seat number`}
                      size="xs"
                      w={72}
                      min={1}
                      max={999}
                      allowDecimal={false}
                      value={row.firstNumber}
                      onChange={(v) => setRow(r, { firstNumber: Math.max(1, Math.min(999, Number(v) || 1)) })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`${name}: numbering`}
                      size="xs"
                      w={130}
                      data={NUMBERINGS}
                      value={row.numbering}
                      allowDeselect={false}
                      onChange={(v) =>
                        v && setRow(r, { numbering: v as SeatNumbering, blocked: [], accessible: [] })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <AislesInput
                      key={`${row.label}-${row.aisles.join()}`}
                      label={`${name}: aisles after seats`}
                      value={row.aisles}
                      onChange={(aisles) => setRow(r, { aisles })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name}`}
                      disabled={section.rows.length === 1}
                      onClick={() => onChange((s) => ({ ...s, rows: s.rows.filter((_, k) => k !== r) }))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            onChange((s) => ({
              ...s,
              rows: [...s.rows, newRow(nextLabel(s.rows), s.rows[s.rows.length - 1])],
            }))
          }
        >
          Add a row to {section.name || 'this section'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The owner's seating editor (issue 38 item 4): sections and their rows (seats, first number, numbering,
 * aisles), the map drawn as buyers will see it, each seat tapped to block it or mark it accessible. Saved
 * whole; the server keeps the seats that stay and refuses losing a sold one.
 */
export function SeatingEditor({
  recitalId,
  initial,
  stored,
}: {
  recitalId: string;
  initial: SeatingInput;
  stored: readonly SeatItem[];
}) {
  const [layout, setLayout] = useState<SeatingInput>(() =>
    initial.sections.length > 0 ? initial : { sections: [{ name: 'Orchestra', rows: [newRow('A')] }] },
  );
  const [mode, setMode] = useState<'blocked' | 'accessible'>('blocked');
  const save = useSaveSeating();
  const taken = useMemo(() => new Set(stored.filter((s) => s.taken).map(seatKey)), [stored]);
  const made = useMemo(() => generateSeats(layout), [layout]);
  const seats: MapSeat[] = made.ok ? made.seats.map((s) => ({ ...s, taken: taken.has(seatKey(s)) })) : [];

  const setSection = (
    i: number,
    change: (s: SeatingInput['sections'][number]) => SeatingInput['sections'][number],
  ) => setLayout((l) => ({ sections: l.sections.map((s, j) => (j === i ? change(s) : s)) }));
  const setRow = (i: number, r: number, change: Partial<SeatRowInput>) =>
    setSection(i, (s) => ({ ...s, rows: s.rows.map((row, k) => (k === r ? { ...row, ...change } : row)) }));
  const onSeat = (seat: MapSeat) => {
    const i = layout.sections.findIndex((s) => s.name.trim() === seat.section);
    const r = layout.sections[i]?.rows.findIndex((row) => row.label.trim() === seat.row) ?? -1;
    const row = layout.sections[i]?.rows[r];
    if (!row) return;
    setRow(i, r, { [mode]: toggled(row[mode], seat.number) });
  };

  return (
    <SectionCard
      title="Seating"
      description="Describe the venue once: its sections front to back, each row's seats and aisles. Then tap seats on the map to block them or mark them accessible."
    >
      <Stack gap="lg">
        {layout.sections.map((section, i) => (
          <SectionEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: a section is its place (its name is being typed)
            key={i}
            section={section}
            onChange={(change) => setSection(i, change)}
            onRemove={() => setLayout((l) => ({ sections: l.sections.filter((_, j) => j !== i) }))}
          />
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              setLayout((l) => ({
                sections: [
                  ...l.sections,
                  { name: l.sections.length === 0 ? 'Orchestra' : 'Balcony', rows: [newRow('A')] },
                ],
              }))
            }
          >
            Add a section
          </Button>
        </Group>
        <Stack gap="xs">
          <Group justify="space-between" align="end">
            <Stack gap={2}>
              <Text fw={600}>The map</Text>
              <Text size="sm" c="dimmed">
                {seats.length} seats, {seats.filter((s) => s.blocked).length} blocked. Tap a seat to{' '}
                {mode === 'blocked' ? 'block it or open it again' : 'mark it accessible or not'}.
              </Text>
            </Stack>
            <SegmentedControl
              aria-label="What a tap does"
              value={mode}
              onChange={(v) => setMode(v as 'blocked' | 'accessible')}
              data={[
                { value: 'blocked', label: 'Block' },
                { value: 'accessible', label: 'Accessible' },
              ]}
            />
          </Group>
          {made.ok ? <SeatMap seats={seats} onSeat={onSeat} /> : <Alert color="red">{made.message}</Alert>}
          <SeatLegend />
        </Stack>
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            disabled={!made.ok}
            onClick={() => save.mutate({ params: { id: recitalId }, body: layout }, notifyResult())}
          >
            Save seating
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
