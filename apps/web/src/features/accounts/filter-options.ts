import { formatTimeOfDay, LEVELS, type ScheduleAnswer, WEEKDAYS } from '@pirouette/domain';
import type { ListFilter } from './list-params';

type Option = { value: string; label: string };
type Options = Pick<ScheduleAnswer, 'loc' | 'rm' | 'cls'>;

export const DAY_OPTIONS: Option[] = WEEKDAYS.map((label, i) => ({ value: String(i), label }));
export const LEVEL_OPTIONS: Option[] = LEVELS.map((label, i) => ({ value: String(i + 1), label }));

export const locationOptions = (options: Options): Option[] =>
  options.loc.map((l) => ({ value: l.id, label: l.name }));

/** The rooms of the chosen location; with no location, every room, named with its location. */
export function roomOptions(options: Options, locID: string | null): Option[] {
  const locationName = new Map(options.loc.map((l) => [l.id, l.name]));
  return options.rm
    .filter((r) => locID === null || r.locationID === locID)
    .map((r) => ({
      value: r.id,
      label:
        locID === null && options.loc.length > 1
          ? `${r.name} (${locationName.get(r.locationID) ?? ''})`
          : r.name,
    }));
}

/**
 * The classes of the current term that fit what else is chosen (location, room, weekday, level), by day
 * and start time, named "Ballet I · Mon 4:00 PM". The chosen class stays listed whatever else changes.
 */
export function classOptions(options: Options, filter: ListFilter): Option[] {
  return options.cls
    .filter(
      (c) =>
        c.id === filter.clSchID ||
        ((filter.locID === null || c.locationID === filter.locID) &&
          (filter.rmID === null || c.roomID === filter.rmID) &&
          (filter.day === null || c.day === filter.day) &&
          (filter.level === null || c.level === filter.level)),
    )
    .sort((a, b) => a.day - b.day || a.timeStart.localeCompare(b.timeStart) || a.name.localeCompare(b.name))
    .map((c) => ({
      value: c.id,
      label: `${c.name} · ${(WEEKDAYS[c.day] ?? '').slice(0, 3)} ${formatTimeOfDay(c.timeStart)}`,
    }));
}

/** Choosing a class chooses its room and location too, so the other fields agree with it. */
export function classChoice(options: Options, clSchID: string | null): Partial<ListFilter> {
  const cls = clSchID ? options.cls.find((c) => c.id === clSchID) : undefined;
  return cls ? { locID: cls.locationID, rmID: cls.roomID, clSchID: cls.id } : { clSchID };
}
