import { type DoorPage, doorPage, type ScanAnswer, ticketCodeOf } from '@pirouette/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { DEVICE_COPY_KEYS } from '../../../lib/device-copies';
import { sendScans } from '../api/door';
import { type EventQueue, newEventId, useEventQueue } from './event-queue';

/** A scan waiting on the phone. */
export type QueuedScan = { id: string; code: string; scannedAt: string; door: string; offline: boolean };

const isScan = (x: unknown): x is QueuedScan =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as QueuedScan).id === 'string' &&
  typeof (x as QueuedScan).code === 'string' &&
  typeof (x as QueuedScan).scannedAt === 'string' &&
  typeof (x as QueuedScan).door === 'string';

/** What the door shows after a scan: the server's answer, or the phone's own check while offline. */
export type DoorResult = {
  id: string;
  tone: 'admitted' | 'refused' | 'checking';
  title: string;
  msg: string;
  seat: string | null;
  holder: string | null;
  /** Checked on the phone only (offline): the server will confirm. */
  provisional: boolean;
};

export const queueKey = (showId: string) => `pirouette.door.${showId}`;
const copyKey = (showId: string) => `${DEVICE_COPY_KEYS.door}${showId}`;
const seenKey = (showId: string) => `pirouette.doorseen.${showId}`;

/** The show's ticket list kept on the phone (the last loaded), to check codes offline. */
export function storeDoorCopy(showId: string, page: DoorPage): void {
  try {
    window.localStorage.setItem(copyKey(showId), JSON.stringify(page));
  } catch {
    // Storage full or refused: no offline check beyond what this visit loaded.
  }
}
export function loadDoorCopy(showId: string): DoorPage | null {
  try {
    const parsed = doorPage.safeParse(JSON.parse(window.localStorage.getItem(copyKey(showId)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type Seen = Record<string, { at: string; door: string }>;
function loadSeen(showId: string): Seen {
  try {
    const v = JSON.parse(window.localStorage.getItem(seenKey(showId)) ?? '{}');
    return typeof v === 'object' && v !== null ? (v as Seen) : {};
  } catch {
    return {};
  }
}

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

export const TITLES: Record<ScanAnswer['result'], string> = {
  admitted: 'Admitted',
  already_used: 'Already used',
  refunded: 'Refunded ticket',
  wrong_show: 'Wrong show',
  unknown: 'Unknown code',
};

/** The phone's own check of a code (offline): the last loaded list and the codes this phone let in. */
export function checkOffline(code: string, page: DoorPage | null, seen: Seen): Omit<DoorResult, 'id'> {
  const ticket = page?.tickets.find((t) => t.code === code);
  const base = { seat: ticket?.seat ?? null, holder: ticket?.holder ?? null, provisional: true };
  const used =
    seen[code] ?? (ticket?.firstUse ? { at: ticket.firstUse.at, door: ticket.firstUse.door } : null);
  if (!ticket)
    return {
      ...base,
      tone: 'refused',
      title: 'Not on this show’s list',
      msg: 'No ticket of this show has this code in the list on this phone.',
    };
  if (ticket.state === 'refunded')
    return {
      ...base,
      tone: 'refused',
      title: TITLES.refunded,
      msg: 'This ticket was refunded: it is not valid.',
    };
  if (used)
    return {
      ...base,
      tone: 'refused',
      title: TITLES.already_used,
      msg: `Already used at ${time(used.at)}, ${used.door}.`,
    };
  return {
    ...base,
    tone: 'admitted',
    title: TITLES.admitted,
    msg: `Welcome: ${ticket.seat}. Checked on this phone; sent when back online.`,
  };
}

export function resultOf(a: ScanAnswer): DoorResult {
  return {
    id: a.clientScanId,
    tone: a.result === 'admitted' ? 'admitted' : 'refused',
    title: TITLES[a.result],
    msg: a.msg,
    seat: a.seat,
    holder: a.holder,
    provisional: false,
  };
}

export type DoorScanner = {
  queue: EventQueue<QueuedScan>;
  result: DoorResult | null;
  /** Tickets this phone let in offline that another scan had used first: used twice. */
  conflicts: ScanAnswer[];
  scan: (raw: string) => Promise<void>;
  dismissConflicts: () => void;
};

/**
 * The door's scans on one phone (decision 075): each checked at once on the phone against the last loaded
 * list, queued, and sent (at once when online); the server's answer replaces the phone's check. A ticket
 * the phone let in offline that the server finds used first is listed as used twice.
 */
export function useDoorScanner(showId: string, door: string, page: DoorPage | null): DoorScanner {
  const [result, setResult] = useState<DoorResult | null>(null);
  const [conflicts, setConflicts] = useState<ScanAnswer[]>([]);
  const latest = useRef<string>('');
  const send = useCallback(
    async (batch: QueuedScan[]) => {
      const answer = await sendScans(showId, {
        scans: batch.map((s) => ({
          clientScanId: s.id,
          code: s.code,
          scannedAt: s.scannedAt,
          door: s.door,
          offline: s.offline,
        })),
      });
      const mine = answer.results.find((r) => r.clientScanId === latest.current);
      if (mine) setResult(resultOf(mine));
      const twice = answer.results.filter((r) => r.usedTwice);
      if (twice.length > 0) setConflicts((c) => [...c, ...twice]);
      return answer.results.map((r) => r.clientScanId);
    },
    [showId],
  );
  const queue = useEventQueue<QueuedScan>(queueKey(showId), isScan, send);

  const scan = useCallback(
    async (raw: string) => {
      const code = ticketCodeOf(raw);
      if (!code) return;
      const id = newEventId();
      latest.current = id;
      const seen = loadSeen(showId);
      const local = checkOffline(code, page, seen);
      if (local.tone === 'admitted') {
        try {
          window.localStorage.setItem(
            seenKey(showId),
            JSON.stringify({ ...seen, [code]: { at: new Date().toISOString(), door } }),
          );
        } catch {
          // Storage refused: the server still decides once the scan is sent.
        }
      }
      const checking = {
        id,
        tone: 'checking' as const,
        title: 'Checking…',
        msg: '',
        seat: null,
        holder: null,
        provisional: true,
      };
      setResult(queue.online ? checking : { id, ...local });
      await queue.add({ id, code, scannedAt: new Date().toISOString(), door, offline: !queue.online });
      // No answer came (the connection dropped): the phone's own check stands until the scan is sent.
      setResult((r) => (r && r.id === id && r.tone === 'checking' ? { id, ...local } : r));
    },
    [showId, page, door, queue],
  );

  return useMemo(
    () => ({ queue, result, conflicts, scan, dismissConflicts: () => setConflicts([]) }),
    [queue, result, conflicts, scan],
  );
}
