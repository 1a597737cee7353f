/**
 * The door's pure rules (issue 38 item 5, decision 075): which code a scan carries, what each result says,
 * which of a batch's scans of one ticket admits it, and the phone's queue of scans not yet confirmed.
 */

export const SCAN_RESULT_CODES = ['admitted', 'already_used', 'refunded', 'wrong_show', 'unknown'] as const;
export type ScanResultCode = (typeof SCAN_RESULT_CODES)[number];

/**
 * The ticket's code in what a camera read: the code itself, or a link ending with it (`…/t/<code>`,
 * `?code=<code>`). Spaces around are dropped; case is kept (codes are case-sensitive).
 */
export function ticketCodeOf(scanned: string): string {
  const s = scanned.trim();
  const query = /[?&]code=([^&#\s]+)/.exec(s);
  if (query) return decodeURIComponent(query[1]!);
  if (/^https?:\/\//i.test(s)) {
    const parts = s
      .replace(/[?#].*$/, '')
      .split('/')
      .filter(Boolean);
    return parts[parts.length - 1] ?? s;
  }
  return s;
}

/** A wall-clock time for people: "1:05 PM". */
export function clockTime(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
}

export type ScanFacts = {
  result: ScanResultCode;
  seat: string | null;
  /** For wrong_show: the show the ticket is for. */
  ticketShow: string | null;
  firstUse: { at: string; door: string; by: string } | null;
  timeZone: string;
};

/** The sentence the door shows for a result (the phone decides by the code, people read this). */
export function scanSentence(f: ScanFacts): string {
  switch (f.result) {
    case 'admitted':
      return f.seat ? `Welcome: ${f.seat}.` : 'Welcome.';
    case 'already_used':
      return f.firstUse
        ? `Already used at ${clockTime(f.firstUse.at, f.timeZone)}, ${f.firstUse.door}${f.firstUse.by ? ` (${f.firstUse.by})` : ''}.`
        : 'This ticket was already used.';
    case 'refunded':
      return 'This ticket was refunded: it is not valid.';
    case 'wrong_show':
      return f.ticketShow
        ? `This ticket is for another show: ${f.ticketShow}.`
        : 'This ticket is for another show.';
    case 'unknown':
      return 'No valid ticket has this code.';
  }
}

/**
 * Of a batch's scans, which admit their ticket: per ticket, the earliest by the phone's time (the id
 * breaks a tie), so a ticket used twice offline admits once and the later scan reads already used.
 */
export function admittingScans<S extends { clientScanId: string; ticketId: string; scannedAt: string }>(
  scans: readonly S[],
): Map<string, S> {
  const first = new Map<string, S>();
  for (const s of scans) {
    const seen = first.get(s.ticketId);
    const earlier =
      !seen ||
      Date.parse(s.scannedAt) < Date.parse(seen.scannedAt) ||
      (Date.parse(s.scannedAt) === Date.parse(seen.scannedAt) && s.clientScanId < seen.clientScanId);
    if (earlier) first.set(s.ticketId, s);
  }
  return first;
}

/**
 * A phone's queue of events not yet confirmed (the door's scans, backstage's sign-ins), pure: kept in the
 * browser's storage so a reload or a lost connection loses nothing; an event leaves only when an answer
 * names it; a failed send keeps everything. Same approach as the roll's (decision 063).
 */
export function enqueueEvent<E extends { id: string }>(queue: readonly E[], event: E): E[] {
  return queue.some((q) => q.id === event.id) ? [...queue] : [...queue, event];
}

/** The queue after an answer: the events it names leave, the rest wait. */
export function settleEvents<E extends { id: string }>(
  queue: readonly E[],
  answered: readonly string[],
): E[] {
  const done = new Set(answered);
  return queue.filter((q) => !done.has(q.id));
}

/** Reads a stored queue (any JSON), keeping only the entries `isEvent` accepts: storage may hold anything. */
export function readStoredQueue<E>(stored: unknown, isEvent: (x: unknown) => x is E): E[] {
  return Array.isArray(stored) ? stored.filter(isEvent) : [];
}

/** A seat as the door and backstage say it: "Orchestra · Row C · Seat 12". */
export function seatLabel(s: { section: string; row: string; number: number }): string {
  return `${s.section} · Row ${s.row} · Seat ${s.number}`;
}
