import { ActionIcon, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { centsText, type TicketMapSection, type TicketPriceItem } from '@pirouette/domain';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { type CSSProperties, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  freeIn,
  isPickable,
  pricesOf,
  rowCells,
  seatLook,
  seatName,
  seatPriceWords,
  sectionColumns,
} from '../lib/seat-map';
import { SeatLegend, SeatMark, seatClass } from './seat-glyph';
import classes from './seat-map.module.css';

/** The seat's side, in pixels, at each zoom step: the middle one is a finger's width on a phone. */
const SIZES = [28, 36, 44] as const;

type Props = {
  sections: TicketMapSection[];
  prices: TicketPriceItem[];
  picked: string[];
  onToggle: (seatId: string) => void;
  /** While seats are held the map is shown, not picked from. */
  locked?: boolean;
};

/**
 * A show's seat map (issue 38 item 4, decision 077): one section at a time where there are several (a
 * chooser above), rows as the venue has them, each seat a button named for a screen reader ("Row C,
 * seat 12, accessible, $15.00") in a map that scrolls sideways inside its frame. The arrow keys move
 * between seats (one tab stop for the whole map); Enter or Space picks.
 */
export function SeatMap({ sections, prices, picked, onToggle, locked = false }: Props) {
  const [sectionName, setSectionName] = useState(() => firstWithFree(sections));
  const [size, setSize] = useState(1);
  const section = sections.find((s) => s.name === sectionName) ?? sections[0];
  const pickedSet = useMemo(() => new Set(picked), [picked]);

  if (!section) {
    return (
      <Text c="dimmed" size="sm">
        The studio has not set out this venue's seats yet.
      </Text>
    );
  }
  const countIn = (s: TicketMapSection) =>
    s.rows.reduce((n, r) => n + r.seats.filter((seat) => pickedSet.has(seat.id)).length, 0);

  return (
    <Stack gap="sm">
      {sections.length > 1 && (
        <SectionChooser
          options={sections.map((s) => ({
            value: s.name,
            label: `${s.name} · ${countIn(s) > 0 ? `${countIn(s)} chosen` : `${freeIn(s)} left`}`,
          }))}
          value={section.name}
          onChange={setSectionName}
        />
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {section.name}
          {pricesOf(prices, section.name).length > 0 && ` · ${sectionPrices(prices, section.name)}`}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Smaller seats"
            disabled={size === 0}
            onClick={() => setSize((s) => Math.max(0, s - 1))}
          >
            <IconZoomOut size={18} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Larger seats"
            disabled={size === SIZES.length - 1}
            onClick={() => setSize((s) => Math.min(SIZES.length - 1, s + 1))}
          >
            <IconZoomIn size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <SectionSeats
        key={section.name}
        section={section}
        prices={prices}
        picked={pickedSet}
        onToggle={onToggle}
        locked={locked}
        seatSize={SIZES[size] ?? 36}
      />
      <SeatLegend />
    </Stack>
  );
}

/** Sections side by side where a phone has room for them (up to three), else a list to choose from. */
function SectionChooser({
  options,
  value,
  onChange,
}: {
  options: { value: string; label: string }[];
  value: string;
  onChange: (name: string) => void;
}) {
  if (options.length > 3) {
    return (
      <NativeSelect
        label="Section"
        data={options}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  return (
    <SegmentedControl
      fullWidth
      radius="xl"
      color="plum"
      aria-label="Section"
      data={options}
      value={value}
      onChange={onChange}
    />
  );
}

/** The first section with a seat left (where a buyer most likely wants to start). */
function firstWithFree(sections: TicketMapSection[]): string {
  return (sections.find((s) => freeIn(s) > 0) ?? sections[0])?.name ?? '';
}

/** "Adult $15.00 · Child $10.00". */
function sectionPrices(prices: TicketPriceItem[], section: string) {
  return pricesOf(prices, section)
    .map((p) => `${p.kind === 'adult' ? 'Adult' : 'Child'} ${centsText(p.amount)}`)
    .join(' · ');
}

type SectionProps = {
  section: TicketMapSection;
  prices: TicketPriceItem[];
  picked: ReadonlySet<string>;
  onToggle: (seatId: string) => void;
  locked: boolean;
  seatSize: number;
};

const MOVES: Record<string, [rows: number, cols: number] | 'home' | 'end'> = {
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  Home: 'home',
  End: 'end',
};

/** One section's rows: a grid of seats and aisles, one tab stop, the arrow keys between seats. */
function SectionSeats({ section, prices, picked, onToggle, locked, seatSize }: SectionProps) {
  const { first, last } = sectionColumns(section);
  const rowsRef = useRef<HTMLDivElement>(null);
  const firstFree = section.rows.flatMap((r) => r.seats).find((s) => s.state === 'free')?.id;
  const [focusId, setFocusId] = useState<string | undefined>(firstFree);
  const price = seatPriceWords(prices, section.name);

  // A map wider than the screen opens on its middle, where the stage is.
  const frameRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const frame = frameRef.current;
    if (frame) frame.scrollLeft = (frame.scrollWidth - frame.clientWidth) / 2;
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    const from = (event.target as HTMLElement).dataset;
    if (!move || from.row === undefined || !rowsRef.current) return;
    const target = seatTo(rowsRef.current, Number(from.row), Number(from.col), move);
    if (!target) return;
    event.preventDefault();
    setFocusId(target.dataset.seat);
    target.focus();
  };

  const style = { '--seat': `${seatSize}px`, '--gap': `${Math.round(seatSize / 7)}px` } as CSSProperties;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the frame scrolls sideways; a keyboard scrolls it too.
    <section className={classes.frame} tabIndex={0} ref={frameRef} aria-label={`${section.name} seats`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys move between the seat buttons inside. */}
      <div className={classes.rows} style={style} ref={rowsRef} onKeyDown={onKeyDown}>
        <div className={classes.stage} aria-hidden>
          Stage
        </div>
        {section.rows.map((row, r) => (
          // biome-ignore lint/a11y/useSemanticElements: a row of seats, not a form's fieldset (no legend, no frame).
          <div key={row.name} className={classes.row} role="group" aria-label={`Row ${row.name}`}>
            <span className={classes.rowName} aria-hidden>
              {row.name}
            </span>
            {rowCells(row.seats, first, last).map(({ col, seat }) => {
              if (!seat) return <span key={`gap-${col}`} className={classes.gap} aria-hidden />;
              const look = seatLook(seat, picked);
              const can = !locked && isPickable(look);
              const name = seatName(seat, row.name, look, price);
              return (
                <button
                  key={seat.id}
                  type="button"
                  className={seatClass(look, seat.accessible)}
                  aria-label={name}
                  title={name}
                  aria-pressed={look === 'picked' || look === 'mine'}
                  aria-disabled={can ? undefined : true}
                  tabIndex={seat.id === (focusId ?? firstFree) ? 0 : -1}
                  data-seat={seat.id}
                  data-row={r}
                  data-col={col}
                  onFocus={() => setFocusId(seat.id)}
                  onClick={() => can && onToggle(seat.id)}
                >
                  <SeatMark look={look} number={seat.number} accessible={seat.accessible} />
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}

/** The seat button a key moves to from (row, col), if any: along the row, or the nearest in the next row. */
function seatTo(
  root: HTMLElement,
  row: number,
  col: number,
  move: [number, number] | 'home' | 'end',
): HTMLElement | undefined {
  const inRow = (r: number) => [...root.querySelectorAll<HTMLElement>(`button[data-row="${r}"]`)];
  const colOf = (b: HTMLElement) => Number(b.dataset.col);
  const here = inRow(row);
  if (move === 'home') return here[0];
  if (move === 'end') return here[here.length - 1];
  const [dr, dc] = move;
  if (dr === 0) {
    return dc > 0 ? here.find((b) => colOf(b) > col) : [...here].reverse().find((b) => colOf(b) < col);
  }
  const next = inRow(row + dr);
  return next.reduce<HTMLElement | undefined>(
    (best, b) => (!best || Math.abs(colOf(b) - col) < Math.abs(colOf(best) - col) ? b : best),
    undefined,
  );
}
