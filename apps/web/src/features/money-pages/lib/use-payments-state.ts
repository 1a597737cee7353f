import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type PaymentsState, parsePaymentsState, paymentsStateParams } from './payments-params';

/** The payments list's state, read from and written to the address (replacing the entry, not adding one). */
export function usePaymentsState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parsePaymentsState(params), [params]);
  const update = useCallback(
    (change: (state: PaymentsState) => PaymentsState) =>
      setParams((previous) => paymentsStateParams(change(parsePaymentsState(previous))), { replace: true }),
    [setParams],
  );
  return [state, update] as const;
}
