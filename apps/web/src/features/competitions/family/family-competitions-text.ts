import {
  dollarsText,
  type FamilyCompetitionEntry,
  type FamilyCompetitionEvent,
  type FamilyCompetitionsAnswer,
  type FamilyCompetitionTotals,
} from '@pirouette/domain';
import { adminHref } from '../../../app/paths/admin-sections';
import { addressLine, eventDays } from '../lib/competitions';

/**
 * The words of a family's competition entries (issue 19 point 5, decision 034): the owner reads the
 * studio's terms on the account overview, the parent plainer ones in the portal. Money arrives in
 * dollars; differences are worked in cents so $0.10 + $0.20 never shows as $0.30000000000000004.
 */

export type CompetitionAudience = 'owner' | 'parent';

/** A tone the card shows: settled, something to pay, or nothing to say. */
export type Tone = 'paid' | 'due' | 'plain';
export type Line = { text: string; tone: Tone };

const cents = (dollars: number) => Math.round(dollars * 100);

export const hasEntries = (answer: FamilyCompetitionsAnswer | undefined) =>
  !!answer && (answer.dancers.some((d) => d.events.length > 0) || answer.feesKept.length > 0);

/** "Fri 26 Feb", as families read a weekend away. */
function dayText(date: string, withYear: boolean): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(d);
  const month = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(d);
  return `${weekday} ${d.getUTCDate()} ${month}${withYear ? ` ${d.getUTCFullYear()}` : ''}`;
}

/**
 * When the event is: the parent's "Fri 26 Feb – Sun 28 Feb 2027" (each day named, the year once unless
 * the event spans two), the owner's "Feb 26 – 28, 2027" as on the studio's competition pages.
 */
export function eventDaysText(
  e: Pick<FamilyCompetitionEvent, 'dateStart' | 'dateEnd'>,
  audience: CompetitionAudience,
): string {
  if (audience === 'owner') return eventDays(e.dateStart, e.dateEnd);
  if (e.dateStart === e.dateEnd) return dayText(e.dateStart, true);
  const sameYear = e.dateStart.slice(0, 4) === e.dateEnd.slice(0, 4);
  return `${dayText(e.dateStart, !sameYear)} – ${dayText(e.dateEnd, true)}`;
}

/** Where: "Meadowlands Expo Center, Secaucus NJ" (the location's name, else its first address line). */
export function eventWhere(e: Pick<FamilyCompetitionEvent, 'location'>): string {
  const l = e.location;
  return [l.name || l.address1, [l.city, l.state].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The venue's full address in one line, or '' when it has none beyond its name. */
export function eventAddress(e: Pick<FamilyCompetitionEvent, 'location'>): string {
  const l = e.location;
  return addressLine({
    address_1: l.address1,
    address_2: l.address2,
    city: l.city,
    state: l.state,
    zipcode: l.zipcode,
  });
}

/** The event in one line: "Starpower Regional — Meadowlands Expo Center, Secaucus NJ, Fri 26 Feb – Sun 28 Feb 2027". */
export const eventSummary = (e: FamilyCompetitionEvent, audience: CompetitionAudience) =>
  `${e.name} — ${[eventWhere(e), eventDaysText(e, audience)].filter(Boolean).join(', ')}`;

/**
 * The owner's page for the event: the overview with the event opened (its running order) while it is to
 * come — the overview lists only those — else its registrations.
 */
export const eventHref = (e: Pick<FamilyCompetitionEvent, 'eventID' | 'upcoming'>) =>
  e.upcoming
    ? `${adminHref('competition/overview')}?event=${e.eventID}`
    : `${adminHref('competition/registration')}?event=${e.eventID}`;

/** What is danced on the entry: "Small Group — Firework", "Solo — Ava's solo (private lesson)". */
export const entryText = (x: Pick<FamilyCompetitionEntry, 'entry' | 'danced' | 'type'>) =>
  `${x.entry}${x.danced ? ` — ${x.danced}` : ''}${x.type === 'prv' ? ' (private lesson)' : ''}`;

/** The fee as the family's books have it: paid, partly paid, to pay, or taken off the bill. */
export function feeLine(
  x: Pick<FamilyCompetitionEntry, 'fee' | 'feePaid' | 'isPaid'>,
  audience: CompetitionAudience,
): Line {
  if (cents(x.fee) <= 0) {
    return audience === 'owner'
      ? { text: 'Fee taken off the bill', tone: 'plain' }
      : { text: 'No fee to pay', tone: 'plain' };
  }
  const fee = dollarsText(x.fee);
  if (x.isPaid) {
    return { text: audience === 'owner' ? `Fee ${fee} paid` : `Fee ${fee} — paid`, tone: 'paid' };
  }
  const paid = cents(x.feePaid);
  if (paid > 0) {
    const rest = dollarsText((cents(x.fee) - paid) / 100);
    return {
      text:
        audience === 'owner'
          ? `Fee ${dollarsText(x.feePaid)} of ${fee} paid`
          : `Fee ${fee} — ${dollarsText(x.feePaid)} paid, ${rest} to pay`,
      tone: 'due',
    };
  }
  return { text: audience === 'owner' ? `Fee ${fee} unpaid` : `Fee ${fee} — to pay`, tone: 'due' };
}

/** The entry's place in the running order, when the studio has set one. */
export const placeText = (x: Pick<FamilyCompetitionEntry, 'place'>) =>
  x.place === null ? null : `#${x.place} in the running order`;

/** Said under an upcoming event whose running order is not set yet; nothing for a past one. */
export function orderNote(
  e: Pick<FamilyCompetitionEvent, 'upcoming' | 'runningOrder'>,
  audience: CompetitionAudience,
): string | null {
  if (!e.upcoming || e.runningOrder) return null;
  return audience === 'owner'
    ? 'Running order not set yet'
    : 'The running order, with your dancer’s places in it, is set closer to the day';
}

/** Why a fee is listed without its registration. */
export const keptNote = (audience: CompetitionAudience) =>
  audience === 'owner'
    ? 'Registration removed after the event began: its fee stays on the bill.'
    : 'Removed after the event began, so its fee stays on your bill.';

export type Figure = { label: string; value: string; tone: Tone };

/** The family's totals: how many entries, the fees charged, what is paid and what is open. */
export function totalFigures(t: FamilyCompetitionTotals, audience: CompetitionAudience): Figure[] {
  const events =
    audience === 'owner'
      ? `${t.events} ${t.events === 1 ? 'event' : 'events'}`
      : `${t.events} ${t.events === 1 ? 'competition' : 'competitions'}`;
  const entries = {
    label: 'Entries',
    value: `${t.entries} in ${events}`,
    tone: 'plain' as const,
  };
  const open = { value: dollarsText(t.open), tone: cents(t.open) > 0 ? ('due' as const) : ('paid' as const) };
  return audience === 'owner'
    ? [
        entries,
        { label: 'Fees charged', value: dollarsText(t.fees), tone: 'plain' },
        { label: 'Paid', value: dollarsText(t.paid), tone: 'plain' },
        { label: 'Open', ...open },
      ]
    : [
        entries,
        { label: 'Fees', value: dollarsText(t.fees), tone: 'plain' },
        { label: 'Paid so far', value: dollarsText(t.paid), tone: 'plain' },
        { label: 'To pay now', ...open },
      ];
}
