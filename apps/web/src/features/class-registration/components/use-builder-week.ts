import type { BuilderClass, RegistrationBuilder } from '@pirouette/domain';
import { useCallback, useState } from 'react';
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
 * Keeps the classes of every week read, so the wizard keeps pricing a class picked at one location after
 * switching to another: answers a function making each answer the wizard's builder (withClassesSeen).
 */
export function useClassesSeen(): (builder: RegistrationBuilder) => RegistrationBuilder {
  const [seen] = useState(() => new Map<string, BuilderClass>());
  return useCallback((builder: RegistrationBuilder) => withClassesSeen(builder, seen), [seen]);
}
