import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ListState, listStateParams, parseListState } from './list-params';

/** The accounts list's state, read from and written to the address (replacing the entry, not adding one). */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const update = useCallback(
    (change: (state: ListState) => ListState) =>
      setParams((previous) => listStateParams(change(parseListState(previous))), { replace: true }),
    [setParams],
  );
  return [state, update] as const;
}
