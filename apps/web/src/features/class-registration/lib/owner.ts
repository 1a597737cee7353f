import type { RegistrationBuilder } from '@pirouette/domain';
import { emptySelection, registrationOf, type Selection, toggleClass } from './selection';

/**
 * Where the owner's wizard starts. From a class's detail ("register a dancer") the class is picked
 * for the first dancer not already in it, and the week opens at its room; otherwise nothing is picked.
 */
export function ownerStart(
  builder: RegistrationBuilder,
  classID: string | null,
): { stdID: string; selection: Selection } {
  const first = builder.acctInfo.stds[0]?.id ?? '';
  const cls = builder.sched.cls.find((c) => c.id === classID);
  if (!cls) return { stdID: first, selection: emptySelection() };
  const free = builder.acctInfo.stds.find((s) => !registrationOf(builder, s.id, cls.id));
  if (!free) return { stdID: first, selection: emptySelection() };
  const full = cls.isFull || cls.placesLeft <= 0;
  return {
    stdID: free.id,
    selection: full ? emptySelection() : toggleClass(builder, emptySelection(), free.id, cls.id),
  };
}

/**
 * What stops the owner at step 0, in words beside the button: nothing picked (001 §4's sentence), a
 * date the server would refuse, or warnings not yet accepted with "Register anyway".
 */
export function ownerClassesProblem(args: {
  selection: Selection;
  dateOk: boolean;
  warnings: number;
  override: boolean;
  selectOne: string;
}): string | null {
  if (args.selection.added.size === 0) return args.selectOne;
  if (!args.dateOk) return 'Please choose a start date within the dates shown.';
  if (args.warnings > 0 && !args.override)
    return 'Some classes are not open to the dancer: tick “Register anyway” to go on.';
  return null;
}
