import {
  type Actor,
  BACKSTAGE_TEXT,
  type BackstageDancer,
  type BackstageEvent,
  type BackstagePage,
  type BackstageSaveResult,
  clockTime,
  DOOR_TEXT,
} from '@pirouette/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { students } from '../../db/schema/families';
import { notFound } from '../../http/errors';
import { enqueueMails } from '../../mail/outbox';
import { familyAddresses } from '../ledger';
import { insertSignins, type ShowDancer, showDancers, signedInOf, signinsOf } from './backstage.queries';
import { findShow, personName, type ShowFacts } from './door.queries';

/**
 * Backstage (issue 38 item 6, decision 075): a show's numbers with their dancers, each signed in and out
 * by a volunteer's phone (an owner's or a teacher's session). Each event is written once (its clientId)
 * and queues one mail to the family (keyed by the event), in the same transaction. No money here.
 */

type Ctx = { db: Db; actor: Actor };

type Signin = Awaited<ReturnType<typeof signinsOf>>[number];

/** A dancer's state from the show's events in time order: the last one decides. */
function stateOf(
  events: readonly Signin[],
): Omit<BackstageDancer, 'studentId' | 'firstName' | 'lastName' | 'note'> {
  const last = events[events.length - 1];
  const lastIn = [...events].reverse().find((e) => e.kind === 'in');
  if (!last) return { state: 'waiting', inAt: null, outAt: null, by: null, pickedUpBy: null };
  return {
    state: last.kind,
    inAt: lastIn ? lastIn.at.toISOString() : null,
    outAt: last.kind === 'out' ? last.at.toISOString() : null,
    by: last.byName,
    pickedUpBy: last.kind === 'out' ? last.pickedUpBy : null,
  };
}

async function showOf(db: Db, actor: Actor, showId: string): Promise<ShowFacts> {
  const show = await findShow(db, actor.companyId, showId);
  if (!show) throw notFound(DOOR_TEXT.showNotFound);
  return show;
}

/** The show's numbers in running order, each with its dancers and their state; counts over distinct dancers. */
export async function getBackstage({ db, actor }: Ctx, showId: string): Promise<BackstagePage> {
  const show = await showOf(db, actor, showId);
  const { numbers, dancers } = await showDancers(db, actor.companyId, showId);
  const events = await signinsOf(db, actor.companyId, showId);
  const byStudent = new Map<string, Signin[]>();
  for (const e of events) byStudent.set(e.studentId, [...(byStudent.get(e.studentId) ?? []), e]);
  const present = (d: ShowDancer): BackstageDancer => ({
    studentId: d.studentId,
    firstName: d.firstName,
    lastName: d.lastName,
    note: d.allergies,
    ...stateOf(byStudent.get(d.studentId) ?? []),
  });
  const unique = new Map(dancers.map((d) => [d.studentId, present(d)]));
  const states = [...unique.values()];
  return {
    show: { id: show.id, name: show.name, day: show.day, startsAt: show.startsAt, recital: show.recital },
    numbers: numbers.map((n) => ({
      id: n.id,
      position: n.position,
      name: n.name,
      dancers: dancers.filter((d) => d.danceNumberId === n.id).map((d) => unique.get(d.studentId)!),
    })),
    counts: {
      expected: states.length,
      in: states.filter((s) => s.state === 'in').length,
      out: states.filter((s) => s.state === 'out').length,
    },
  };
}

/**
 * Writes the sign-ins and sign-outs: those of a dancer not in the show are refused (the phone drops them),
 * those sent before are ignored, the others written, each with one mail to its family.
 */
export async function signBackstage(
  { db, actor }: Ctx,
  showId: string,
  events: readonly BackstageEvent[],
): Promise<BackstageSaveResult> {
  const show = await showOf(db, actor, showId);
  const byName = await personName(db, actor.userId);
  const { dancers } = await showDancers(db, actor.companyId, showId);
  const inShow = new Set(dancers.map((d) => d.studentId));
  // A dancer signed in and since taken out of the show (the number moved, the recital switch off) is
  // still signed out, so the family hears who picked them up.
  const gone = events.filter((e) => !inShow.has(e.studentId) && e.kind === 'out').map((e) => e.studentId);
  const signedIn = await signedInOf(db, actor.companyId, showId, gone);
  const allowed = (e: BackstageEvent) =>
    inShow.has(e.studentId) || (e.kind === 'out' && signedIn.has(e.studentId));
  const refused = events.filter((e) => !allowed(e)).map((e) => e.clientId);
  const kept = events.filter(allowed);
  return db.transaction(async (tx) => {
    const written = await insertSignins(tx, {
      companyId: actor.companyId,
      showId,
      byUserId: actor.userId,
      byName,
      events: kept,
    });
    await mailSignins(tx, actor.companyId, show, written);
    const saved = new Set(written.map((w) => w.clientId));
    const ignored = kept.filter((e) => !saved.has(e.clientId)).map((e) => e.clientId);
    const msg =
      refused.length > 0
        ? BACKSTAGE_TEXT.notInShow
        : saved.size > 0
          ? BACKSTAGE_TEXT.saved
          : BACKSTAGE_TEXT.nothingNew;
    return { msg, saved: [...saved], ignored, refused };
  });
}

/** One mail per written event to the dancer's family, keyed `backstage:<event>`: written once. */
async function mailSignins(
  tx: Db,
  companyId: string,
  show: ShowFacts,
  written: Awaited<ReturnType<typeof insertSignins>>,
): Promise<void> {
  if (written.length === 0) return;
  const dancers = await tx
    .select({ id: students.id, familyId: students.familyId, firstName: students.firstName })
    .from(students)
    .where(inArray(students.id, [...new Set(written.map((w) => w.studentId))]));
  const byId = new Map(dancers.map((d) => [d.id, d]));
  const addresses = await familyAddresses(
    tx,
    companyId,
    dancers.map((d) => d.familyId),
  );
  const mails = written.flatMap((w) => {
    const dancer = byId.get(w.studentId);
    const address = dancer ? addresses.get(dancer.familyId) : undefined;
    if (!dancer || !address?.to) return [];
    return [
      {
        template: 'backstage-signin' as const,
        to: address.to,
        companyId,
        key: `backstage:${w.id}`,
        data: {
          studioName: address.studioName,
          studioContact: address.studioContact,
          family: address.family,
          dancer: dancer.firstName,
          show: show.name,
          kind: w.kind,
          time: clockTime(w.at.toISOString(), show.timeZone),
          pickedUpBy: w.pickedUpBy ?? '',
        },
      },
    ];
  });
  await enqueueMails(tx, mails);
}
