import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The address keeps what the owner looks at, so a reload (or a shared link) opens the same week. */
export const SELECTION_PARAMS = { location: 'loc', room: 'room', day: 'day', class: 'class' } as const;

function dayOf(value: string | null): number | null {
  if (value === null || !/^[0-6]$/.test(value)) return null;
  return Number(value);
}

/**
 * The chosen location, room, day (on a phone) and class. Changing the location clears the room, day
 * and class (002 §2); choosing the selected class again closes it.
 */
export function useScheduleSelection() {
  const [params, setParams] = useSearchParams();
  const locID = params.get(SELECTION_PARAMS.location) || null;
  const rmID = params.get(SELECTION_PARAMS.room) || null;
  const classID = params.get(SELECTION_PARAMS.class) || null;
  const day = dayOf(params.get(SELECTION_PARAMS.day));

  const patch = useCallback(
    (changes: Partial<Record<keyof typeof SELECTION_PARAMS, string | null>>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            const name = SELECTION_PARAMS[key as keyof typeof SELECTION_PARAMS];
            if (value === null || value === undefined) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    locID,
    rmID,
    classID,
    day,
    setLocation: useCallback(
      (id: string | null) => patch({ location: id, room: null, day: null, class: null }),
      [patch],
    ),
    setRoom: useCallback((id: string | null) => patch({ room: id, class: null }), [patch]),
    setDay: useCallback((d: number) => patch({ day: String(d) }), [patch]),
    selectClass: useCallback((id: string | null) => patch({ class: id }), [patch]),
    /** The server's choice, taken when the address names no location. */
    adopt: useCallback((loc: string | null, room: string | null) => patch({ location: loc, room }), [patch]),
  };
}
