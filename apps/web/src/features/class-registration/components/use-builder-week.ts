import type { BuilderClass, RegistrationBuilder } from '@pirouette/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { withClassesSeen } from '../lib/classes-seen';

/** The week's location chooser, held by the page: the builder's query key follows it (decision 082). */
export type WeekControl = {
  /** The location asked for; null until the parent switches (the server's choice is shown). */
  asked: string | null;
  onAsk: (locID: string) => void;
  /** Another location's week is loading: the one shown stays until it comes. */
  loading: boolean;
};

/**
 * The builder the wizard works with, read a location's week at a time: each answer with the classes of
 * the weeks read before (withClassesSeen), so a class picked at one location keeps its price after
 * switching to another; the last one shown while another location's week fails to load, so the
 * selection is not lost; and `see`, to make a builder read again (after a 409) the same.
 */
export function useBuilderWeeks(answer: RegistrationBuilder | undefined) {
  const [seen] = useState(() => new Map<string, BuilderClass>());
  const see = useCallback((builder: RegistrationBuilder) => withClassesSeen(builder, seen), [seen]);
  const fresh = useMemo(() => answer && see(answer), [answer, see]);
  const last = useRef<RegistrationBuilder | undefined>(undefined);
  if (fresh) last.current = fresh;
  return { builder: fresh ?? last.current, see };
}
