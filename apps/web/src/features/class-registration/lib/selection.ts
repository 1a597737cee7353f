import { type RegisteredClass, type RegistrationBuilder, registrationKey } from '@pirouette/domain';

/**
 * What the parent changes in the schedule builder: classes added (by `stdID:clSchID`, as the quote keys
 * a registration) and the family's registrations dropped (by clRegID). Immutable: each toggle answers
 * a new selection, so React sees every change.
 */
export type Selection = { added: ReadonlySet<string>; dropped: ReadonlySet<string> };

export const emptySelection = (): Selection => ({ added: new Set(), dropped: new Set() });

/**
 * A registration that counts this term (the "which registrations count" rule the server prices with):
 * not rejected, not dropped, not removed. Pending ones count: they hold a seat and a price.
 */
export const counts = (r: RegisteredClass) => r.status !== -1 && !r.isDropped && r.iStatus > 0;

export const countingRegistrations = (builder: RegistrationBuilder) => builder.acctInfo.regCls.filter(counts);

/** The dancer's counting registration of a class, if any. */
export function registrationOf(builder: RegistrationBuilder, stdID: string, clSchID: string) {
  return countingRegistrations(builder).find((r) => r.stdID === stdID && r.clSchID === clSchID);
}

export type ClassState = 'registered' | 'dropped' | 'selected' | 'none';

/** Where a dancer stands with a class in this selection. */
export function classState(
  builder: RegistrationBuilder,
  selection: Selection,
  stdID: string,
  clSchID: string,
): ClassState {
  const reg = registrationOf(builder, stdID, clSchID);
  if (reg) return selection.dropped.has(reg.clRegID) ? 'dropped' : 'registered';
  return selection.added.has(registrationKey(stdID, clSchID)) ? 'selected' : 'none';
}

/**
 * A click on a class: a new class toggles selected; a registered one toggles dropped and back. Whether
 * the class may be picked (full, closed, not open to the dancer) is the caller's check.
 */
export function toggleClass(
  builder: RegistrationBuilder,
  selection: Selection,
  stdID: string,
  clSchID: string,
): Selection {
  const reg = registrationOf(builder, stdID, clSchID);
  if (reg) {
    const dropped = new Set(selection.dropped);
    if (dropped.has(reg.clRegID)) dropped.delete(reg.clRegID);
    else dropped.add(reg.clRegID);
    return { added: selection.added, dropped };
  }
  const key = registrationKey(stdID, clSchID);
  const added = new Set(selection.added);
  if (added.has(key)) added.delete(key);
  else added.add(key);
  return { added, dropped: selection.dropped };
}

/** `stdID:clSchID` back into its parts (ids are UUIDs: no colon inside). */
export function pairOf(key: string): { studentId: string; classId: string } {
  const at = key.indexOf(':');
  return { studentId: key.slice(0, at), classId: key.slice(at + 1) };
}

/** Every (dancer, class) the family takes after the change: counting registrations kept, then the new. */
export function pairsAfter(builder: RegistrationBuilder, selection: Selection) {
  const kept = countingRegistrations(builder)
    .filter((r) => !selection.dropped.has(r.clRegID))
    .map((r) => ({ studentId: r.stdID, classId: r.clSchID, clRegID: r.clRegID as string | null }));
  const added = [...selection.added].map((key) => ({ ...pairOf(key), clRegID: null }));
  return [...kept, ...added];
}

/** The selection has at least one new or dropped class. */
export const hasChanges = (selection: Selection) => selection.added.size + selection.dropped.size > 0;

/**
 * The selection against a builder read again (after a 409): classes now registered or gone leave the
 * added set, registrations no longer counting leave the dropped set.
 */
export function reconcile(builder: RegistrationBuilder, selection: Selection): Selection {
  const classIds = new Set(builder.sched.cls.map((c) => c.id));
  const added = new Set(
    [...selection.added].filter((key) => {
      const { studentId, classId } = pairOf(key);
      return classIds.has(classId) && !registrationOf(builder, studentId, classId);
    }),
  );
  const live = new Set(countingRegistrations(builder).map((r) => r.clRegID));
  const dropped = new Set([...selection.dropped].filter((id) => live.has(id)));
  return { added, dropped };
}
