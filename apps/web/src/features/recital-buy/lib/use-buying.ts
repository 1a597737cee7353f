import { TICKETS_TEXT, type TicketKindValue, type TicketOrder, type TicketSeatMap } from '@pirouette/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/notify';
import { allSeats, firstKinds, type HeldTicket, type KindChoice, stillFree, toggleSeat } from './seat-map';

/**
 * The steps of buying seats (issue 38 item 4, decision 077), the same for a family and for the public:
 * pick seats on the map, hold them (the server's ten minutes), choose each ticket's kind and pay, then
 * the tickets. What differs (the calls, a public order's secret) is handed in as a `Seller`.
 */

/** A hold as the screens keep it: the server's order, its end, its seats; a public one's secret. */
export type Hold = {
  orderId: string;
  heldUntil: string;
  seats: HeldTicket[];
  secret?: string;
};

export type Seller = {
  hold: (seatIds: string[]) => Promise<Hold>;
  /** Lets the hold go; `leaving`: sent as the page or the screen goes away, so it must outlive it. */
  release: (hold: Hold, leaving?: boolean) => Promise<unknown>;
  /** The order as the server has it now (after a refused payment: still held, ended, paid?). */
  readOrder: (hold: Hold) => Promise<TicketOrder | undefined>;
  refetchMap: () => Promise<{ data?: TicketSeatMap }>;
};

export type Step =
  | { kind: 'pick' }
  | { kind: 'held'; hold: Hold }
  | { kind: 'ended'; hold: Hold }
  | { kind: 'done'; order: TicketOrder; msg: string };

/** Where a refused payment leaves the buyer, from the order's state on the server (never the sentence). */
export function afterRefusal(state: TicketOrder['state'] | undefined): 'held' | 'pick' | 'done' {
  if (state === 'held') return 'held';
  if (state === 'paid' || state === 'unknown' || state === 'paying') return 'done';
  return 'pick';
}

/** The seats the map shows as the asker's own, as a hold (a reload comes back to it). */
export function holdOnMap(map: TicketSeatMap): Hold | null {
  if (!map.myOrder) return null;
  const seats = allSeats(map.sections)
    .filter(({ seat }) => seat.mine)
    .map(({ seat, section }) => ({ seatId: seat.id, section, label: seat.label }));
  if (seats.length === 0) return null;
  return { orderId: map.myOrder.id, heldUntil: map.myOrder.heldUntil, seats };
}

export function useBuying(seller: Seller, map: TicketSeatMap | undefined) {
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [picked, setPicked] = useState<string[]>([]);
  const [kinds, setKinds] = useState<KindChoice>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resumed = useRef(false);

  // A hold the map shows as the asker's (the page reloaded while paying) is taken up again, once.
  useEffect(() => {
    if (resumed.current || !map) return;
    resumed.current = true;
    const hold = holdOnMap(map);
    if (hold && Date.parse(hold.heldUntil) > Date.now()) {
      setKinds(firstKinds(map.prices, hold.seats));
      setStep({ kind: 'held', hold });
    }
  }, [map]);

  // Leaving the page, or this screen, lets the seats go (the hold would end by itself in minutes). The
  // release is a keepalive call, so the browser still sends it after the page is unloaded.
  const current = useRef<Hold | null>(null);
  current.current = step.kind === 'held' ? step.hold : null;
  const sellerRef = useRef(seller);
  sellerRef.current = seller;
  useEffect(() => {
    const letGo = () => {
      if (current.current) void sellerRef.current.release(current.current, true).catch(() => undefined);
      current.current = null;
    };
    window.addEventListener('pagehide', letGo);
    return () => {
      window.removeEventListener('pagehide', letGo);
      letGo();
    };
  }, []);

  const toggle = (seatId: string) => {
    const next = toggleSeat(picked, seatId);
    setPicked(next.picked);
    setNotice(next.refused === 'limit' ? TICKETS_TEXT.tooManySeats : null);
  };

  const backToMap = useCallback(
    async (sentence: string | null) => {
      setNotice(sentence);
      setStep({ kind: 'pick' });
      const fresh = await seller.refetchMap();
      setPicked((p) => (fresh.data ? stillFree(fresh.data, p) : []));
    },
    [seller],
  );

  const hold = async () => {
    if (busy || picked.length === 0 || !map) return;
    setBusy(true);
    setNotice(null);
    try {
      const answer = await seller.hold(picked);
      setKinds(firstKinds(map.prices, answer.seats));
      setStep({ kind: 'held', hold: answer });
      void seller.refetchMap();
    } catch (e) {
      // A seat taken meanwhile (409): said, the map read again, the seats still free kept.
      await backToMap(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const release = async () => {
    if (step.kind !== 'held') return;
    setBusy(true);
    try {
      await seller.release(step.hold);
    } catch {
      // Ended or gone already: the map says what is free.
    } finally {
      setBusy(false);
    }
    await backToMap(null);
  };

  /** A payment's outcome: paid (the tickets), or refused (where the order now stands says what next). */
  const paid = (order: TicketOrder, msg: string) => {
    setNotice(null);
    setStep({ kind: 'done', order, msg });
  };
  const refused = async (error: unknown) => {
    if (step.kind !== 'held') return;
    const sentence = errorText(error);
    const order = await seller.readOrder(step.hold).catch(() => undefined);
    const next = afterRefusal(order?.state);
    if (next === 'done' && order) return paid(order, TICKETS_TEXT.unknown);
    if (next === 'pick') return backToMap(sentence);
    // Still held: the total moved (prices read again) or the form needs fixing; the sentence says which.
    setNotice(sentence);
    if (isApiError(error) && error.status === 409) await seller.refetchMap();
  };

  const holdEnded = () => {
    if (step.kind === 'held') setStep({ kind: 'ended', hold: step.hold });
  };

  const setKind = (seatId: string, kind: TicketKindValue) => setKinds((k) => ({ ...k, [seatId]: kind }));

  return {
    step,
    picked,
    kinds,
    notice,
    busy,
    toggle,
    hold,
    release,
    paid,
    refused,
    holdEnded,
    setKind,
    startAgain: () => backToMap(null),
  };
}

export type Buying = ReturnType<typeof useBuying>;
