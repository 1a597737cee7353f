import { IconCheck, IconClockHour4, IconMinus, IconWheelchair, IconX } from '@tabler/icons-react';
import type { SeatLook } from '../lib/seat-map';
import classes from './seat-map.module.css';

/** What a seat shows inside its square: its number, or the sign of its state (never colour alone). */
export function SeatMark({
  look,
  number,
  accessible,
}: {
  look: SeatLook;
  number: number;
  accessible: boolean;
}) {
  const size = '62%';
  if (look === 'picked' || look === 'mine') return <IconCheck size={size} stroke={3} aria-hidden />;
  if (look === 'held') return <IconClockHour4 size={size} stroke={2} aria-hidden />;
  if (look === 'sold') return <IconX size={size} stroke={3} aria-hidden />;
  if (look === 'blocked') return <IconMinus size={size} stroke={2} aria-hidden />;
  return accessible ? (
    <IconWheelchair size={size} stroke={2} aria-hidden />
  ) : (
    <span aria-hidden>{number}</span>
  );
}

/** The class names of a seat's square. */
export const seatClass = (look: SeatLook, accessible: boolean) =>
  [classes.seat, classes[look], accessible ? classes.accessible : ''].filter(Boolean).join(' ');

const LEGEND: { look: SeatLook; accessible?: boolean; words: string }[] = [
  { look: 'free', words: 'Available (its number)' },
  { look: 'free', accessible: true, words: 'Accessible' },
  { look: 'picked', words: 'Your choice' },
  { look: 'held', words: 'Held by another buyer' },
  { look: 'sold', words: 'Sold' },
  { look: 'blocked', words: 'Not for sale' },
];

/** The key to the map's squares. */
export function SeatLegend() {
  return (
    <ul className={classes.legend} aria-label="Seat key" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {LEGEND.map((item) => (
        <li key={item.words} className={classes.legendItem}>
          <span className={seatClass(item.look, item.accessible ?? false)} aria-hidden>
            <SeatMark look={item.look} number={7} accessible={item.accessible ?? false} />
          </span>
          {item.words}
        </li>
      ))}
    </ul>
  );
}
