import {
  type Actor,
  admittingScans,
  DOOR_TEXT,
  type DoorPage,
  type ScanAnswer,
  type ScanInput,
  type ScanResultCode,
  type ScansResult,
  scanSentence,
  seatLabel,
  ticketCodeOf,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import {
  admitTickets,
  type DoorTicketRow,
  findShow,
  insertScans,
  type NewScan,
  personName,
  recentScans,
  type ShowFacts,
  scansByClientId,
  setScanResults,
  showTickets,
  ticketsByCode,
} from './door.queries';

/**
 * The door (issue 38 item 5, decision 075): an owner or a teacher scans tickets; no answer holds money.
 * A batch of scans (one online, many back from offline) is one transaction: each scan written once under
 * its clientScanId, each ticket admitted at most once (`used_at is null`, atomic), the earliest of a
 * batch's scans of one ticket the admission and the others already used.
 */

type Ctx = { db: Db; actor: Actor };

const firstUseOf = (t: Pick<DoorTicketRow, 'usedAt' | 'usedDoor' | 'usedBy'>) =>
  t.usedAt ? { at: t.usedAt.toISOString(), door: t.usedDoor ?? '', by: t.usedBy ?? '' } : null;

async function showOrNotFound(db: Db, actor: Actor, showId: string): Promise<ShowFacts> {
  const show = await findShow(db, actor.companyId, showId);
  if (!show) throw notFound(DOOR_TEXT.showNotFound);
  return show;
}

/** The show's door: counts, the latest scans, its sold and refunded tickets for the phone's offline check. */
export async function getDoor({ db, actor }: Ctx, showId: string): Promise<DoorPage> {
  const show = await showOrNotFound(db, actor, showId);
  const tickets = await showTickets(db, actor.companyId, showId);
  const recent = await recentScans(db, actor.companyId, showId);
  const sold = tickets.filter((t) => t.state === 'sold');
  const admitted = sold.filter((t) => t.usedAt).length;
  return {
    show: {
      id: show.id,
      name: show.name,
      day: show.day,
      startsAt: show.startsAt,
      doorsAt: show.doorsAt,
      recital: show.recital,
    },
    counts: { sold: sold.length, admitted, left: sold.length - admitted },
    recent: recent.map((r) => ({
      id: r.id,
      result: r.result,
      door: r.door,
      scannedAt: r.scannedAt.toISOString(),
      seat:
        r.section !== null && r.row !== null && r.number !== null
          ? seatLabel({ section: r.section, row: r.row, number: r.number })
          : null,
      holder: r.holder,
      offline: r.offline,
    })),
    tickets: tickets.map((t) => ({
      code: t.code,
      seat: seatLabel(t),
      holder: t.holder,
      state: t.state === 'refunded' ? 'refunded' : t.usedAt ? 'used' : 'valid',
      firstUse: firstUseOf(t),
    })),
  };
}

/** What a scan finds before any admission: the code's ticket's result, admitted meaning "may admit". */
function resultBefore(ticket: DoorTicketRow | undefined, showId: string): ScanResultCode {
  if (!ticket) return 'unknown';
  if (ticket.showId !== showId) return 'wrong_show';
  if (ticket.state === 'refunded') return 'refunded';
  if (ticket.state !== 'sold') return 'unknown';
  return 'admitted';
}

function answerOf(
  scan: { clientScanId: string; code: string; offline: boolean },
  result: ScanResultCode,
  ticket: DoorTicketRow | undefined,
  show: ShowFacts,
): ScanAnswer {
  const firstUse = ticket && result === 'already_used' ? firstUseOf(ticket) : null;
  const seat =
    ticket && (result === 'admitted' || result === 'already_used' || result === 'refunded')
      ? seatLabel(ticket)
      : null;
  return {
    clientScanId: scan.clientScanId,
    result,
    msg: scanSentence({
      result,
      seat,
      ticketShow: ticket?.showName ?? null,
      firstUse,
      timeZone: show.timeZone,
    }),
    code: scan.code,
    seat,
    show: ticket && result !== 'unknown' ? ticket.showName : null,
    holder: ticket && result !== 'unknown' && result !== 'wrong_show' ? ticket.holder : null,
    firstUse,
    usedTwice: scan.offline && result === 'already_used',
  };
}

/** Records a batch of scans and answers each, in the order sent. */
export async function recordScans(
  { db, actor }: Ctx,
  showId: string,
  scans: readonly ScanInput[],
): Promise<ScansResult> {
  const show = await showOrNotFound(db, actor, showId);
  const by = await personName(db, actor.userId);
  const sent = scans.map((s) => ({ ...s, code: ticketCodeOf(s.code), offline: s.offline ?? false }));
  return db.transaction(async (tx) => {
    const tickets = new Map(
      (
        await ticketsByCode(
          tx,
          actor.companyId,
          sent.map((s) => s.code),
        )
      ).map((t) => [t.code, t]),
    );
    const provisional: NewScan[] = sent.map((s) => {
      const ticket = tickets.get(s.code);
      const before = resultBefore(ticket, showId);
      return { ...s, ticketId: ticket?.id ?? null, result: before === 'admitted' ? 'already_used' : before };
    });
    const written = await insertScans(tx, {
      companyId: actor.companyId,
      showId,
      byUserId: actor.userId,
      scans: provisional,
    });
    const fresh = provisional.filter((s) => written.has(s.clientScanId));
    const candidates = fresh.filter(
      (s) => s.ticketId !== null && resultBefore(tickets.get(s.code), showId) === 'admitted',
    );
    const admitting = admittingScans(candidates.map((s) => ({ ...s, ticketId: s.ticketId! })));
    const marked = await admitTickets(
      tx,
      actor.companyId,
      [...admitting.values()].map((s) => ({ ticketId: s.ticketId, at: s.scannedAt, door: s.door, by })),
    );
    const admittedBy = new Set(
      [...admitting.values()].filter((s) => marked.has(s.ticketId)).map((s) => s.clientScanId),
    );
    const results = fresh.map((s) => ({
      clientScanId: s.clientScanId,
      result: admittedBy.has(s.clientScanId) ? ('admitted' as const) : s.result,
    }));
    await setScanResults(
      tx,
      actor.companyId,
      results.filter((r) => r.result === 'admitted'),
    );
    // After the admissions, each ticket's first use as it now stands (another phone's may have come first).
    const after = new Map(
      (
        await ticketsByCode(
          tx,
          actor.companyId,
          sent.map((s) => s.code),
        )
      ).map((t) => [t.code, t]),
    );
    const earlier = new Map(
      (
        await scansByClientId(
          tx,
          actor.companyId,
          sent.filter((s) => !written.has(s.clientScanId)).map((s) => s.clientScanId),
        )
      ).map((r) => [r.clientScanId, r]),
    );
    const decided = new Map(results.map((r) => [r.clientScanId, r.result]));
    return {
      results: sent.map((s) => {
        const stored = earlier.get(s.clientScanId);
        const result = decided.get(s.clientScanId) ?? stored?.result ?? 'unknown';
        return answerOf({ ...s, offline: stored?.offline ?? s.offline }, result, after.get(s.code), show);
      }),
    };
  });
}
