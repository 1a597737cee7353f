import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Opens a dialog once when the page is reached by a link naming it (decision 070: the declined
 * automatic payment's mail opens the payment with `?pay=now`, the card form with `?method=new`, in one
 * tap). Waits until the dialog can open (`ready`), then takes the word off the address, so a reload or
 * the back button does not open it again.
 */
export function useOpenOnArrival(name: string, value: string, ready: boolean, open: () => void) {
  const [params, setParams] = useSearchParams();
  const asked = params.get(name) === value;
  const done = useRef(false);
  useEffect(() => {
    if (!asked || !ready || done.current) return;
    done.current = true;
    open();
    setParams(
      (previous) => {
        const out = new URLSearchParams(previous);
        out.delete(name);
        return out;
      },
      { replace: true },
    );
  }, [asked, ready, open, name, setParams]);
}

/** The links' words (the API's `recoveryLink` writes the same). */
export const PAY_NOW_PARAM = { name: 'pay', value: 'now' } as const;
export const NEW_METHOD_PARAM = { name: 'method', value: 'new' } as const;
