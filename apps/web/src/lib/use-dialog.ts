import { useCallback, useState } from 'react';

/** The spec's dialog modes (002 §2). */
export type DialogMode = 'new' | 'edit' | 'del';

export type DialogState<T> = {
  mode: DialogMode;
  target: T | null;
  /** Changes on every opening: a form keyed by it starts afresh, so nothing of the last edit lingers. */
  key: number;
};

/**
 * One dialog of a page, opened on a mode. What it shows stays while it animates closed; the next
 * opening starts from a clean form.
 */
export function useDialog<T>() {
  const [state, setState] = useState<DialogState<T> | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((mode: DialogMode, target: T | null = null) => {
    setState((previous) => ({ mode, target, key: (previous?.key ?? 0) + 1 }));
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  return { state, opened, open, close };
}
