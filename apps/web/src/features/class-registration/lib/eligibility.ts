import {
  type BuilderClass,
  type Eligibility,
  eligibilityDate,
  type RegistrationBuilder,
  registrationKey,
  selectionEligibility,
} from '@pirouette/domain';
import { pairsAfter, type Selection } from './selection';

/**
 * Whether each class is open to a dancer, by the rule the server refuses a parent with: her age on the
 * class's start, and its requirements met by her other classes after this change (registered and
 * kept, or picked alongside). A class never meets its own requirements.
 */
export function eligibilityFor(
  builder: RegistrationBuilder,
  selection: Selection,
  stdID: string,
  classes: readonly BuilderClass[],
  /** The day the dancer starts: today for a parent, the owner's effective date. */
  startsOn: string = builder.today,
): Map<string, Eligibility> {
  const onDate = eligibilityDate(builder.term.dateStart, startsOn);
  const taken = pairsAfter(builder, selection).filter((p) => p.studentId === stdID);
  const result = new Map<string, Eligibility>();
  for (const cls of classes) {
    const [answer] = selectionEligibility({
      students: builder.acctInfo.stds,
      classes: builder.sched.cls,
      selection: [{ studentId: stdID, classId: cls.id }],
      registered: taken.filter((p) => p.classId !== cls.id),
      onDate,
    });
    if (answer) result.set(cls.id, { ok: answer.ok, reasons: answer.reasons });
  }
  return result;
}

/** The new classes the rule refuses (a requirement met by a class since unpicked), with the reasons. */
export function refusedSelections(
  builder: RegistrationBuilder,
  selection: Selection,
  startsOn: string = builder.today,
) {
  const byId = new Map(builder.sched.cls.map((c) => [c.id, c]));
  const refused: { key: string; name: string; reasons: string[] }[] = [];
  for (const std of builder.acctInfo.stds) {
    const picked = builder.sched.cls.filter((c) => selection.added.has(registrationKey(std.id, c.id)));
    for (const [classId, e] of eligibilityFor(builder, selection, std.id, picked, startsOn)) {
      if (!e.ok) {
        refused.push({
          key: registrationKey(std.id, classId),
          name: `${byId.get(classId)?.name ?? 'A class'} (${std.firstName})`,
          reasons: e.reasons,
        });
      }
    }
  }
  return refused;
}
