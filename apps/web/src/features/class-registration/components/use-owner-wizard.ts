import {
  classRegistrationMessages,
  type RegistrationBuilder,
  type RegistrationResult,
} from '@pirouette/domain';
import { useMemo, useState } from 'react';
import { useOwnerSubmitRegistration } from '../api/class-registration';
import { defaultEffectiveDate, effectiveWindow, isInWindow } from '../lib/effective-date';
import { refusedSelections } from '../lib/eligibility';
import { ownerClassesProblem, ownerStart } from '../lib/owner';
import { liveQuote, type PlanPreview, planPreviews } from '../lib/quote';
import { takeRefusal } from '../lib/refused-submission';
import { emptySelection, type Selection, toggleClass } from '../lib/selection';
import { feeDue, ownerSubmitBodyOf } from '../lib/submit-body';

export type OwnerStep = 'classes' | 'plan' | 'done';

type Options = {
  builder: RegistrationBuilder;
  familyId: string;
  classID: string | null;
  reload: () => Promise<RegistrationBuilder | undefined>;
};

/**
 * The owner's wizard's state: the step, the dancer, the selection, the effective date, the override, the
 * plan, the live quote, and sending it (a 422 is said beside the step's button; a 409 reads the builder
 * again).
 */
export function useOwnerWizard({ builder, familyId, classID, reload }: Options) {
  const [start] = useState(() => ownerStart(builder, classID));
  const [step, setStep] = useState<OwnerStep>('classes');
  const [stdID, setStdID] = useState(start.stdID);
  const [selection, setSelection] = useState<Selection>(start.selection);
  const dateWindow = effectiveWindow(builder);
  const [dateStart, setDateStart] = useState(() => defaultEffectiveDate(builder));
  const [override, setOverride] = useState(false);
  const [planId, setPlanId] = useState<string | null>(
    () => builder.paySys.find((p) => p.isDefault)?.id ?? builder.paySys[0]?.id ?? null,
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [done, setDone] = useState<{ result: RegistrationResult; plan: PlanPreview | null } | null>(null);
  const submit = useOwnerSubmitRegistration();

  const dateOk = isInWindow(dateStart, dateWindow);
  const on = dateOk ? dateStart : builder.today;
  const quote = useMemo(() => liveQuote(builder, selection), [builder, selection]);
  const previews = useMemo(
    () => planPreviews(builder, selection, quote, on),
    [builder, selection, quote, on],
  );
  const warnings = useMemo(() => refusedSelections(builder, selection, on), [builder, selection, on]);
  const plan = builder.plan ? (previews[0] ?? null) : (previews.find((p) => p.planId === planId) ?? null);
  const fee = feeDue(builder, selection);
  const index = (['classes', 'plan', 'done'] as const).indexOf(step);

  const go = (to: OwnerStep) => {
    setRefusal(null);
    setConflict(null);
    setStep(to);
  };
  const cleared =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      setRefusal(null);
      set(v);
    };
  const toClasses = () => go('classes');
  const toPlan = () => {
    const problem = ownerClassesProblem({
      selection,
      dateOk,
      warnings: warnings.length,
      override,
      selectOne: classRegistrationMessages.selectOne,
    });
    if (problem) setRefusal(problem);
    else go('plan');
  };
  const send = () => {
    if (!plan) {
      setRefusal(classRegistrationMessages.planRequired);
      return;
    }
    const body = ownerSubmitBodyOf(builder, selection, quote, {
      plan,
      aMemID: familyId,
      dateStart,
      override: override && warnings.length > 0,
    });
    submit.mutate(
      { body },
      {
        onSuccess: (result) => {
          setDone({ result, plan });
          setSelection(emptySelection());
          go('done');
        },
        onError: (error) => takeRefusal(error, { setRefusal, setConflict, reload, setSelection }),
      },
    );
  };
  const toggle = (clSchID: string) => {
    setRefusal(null);
    setSelection((s) => toggleClass(builder, s, stdID, clSchID));
  };

  return {
    step,
    index,
    stdID,
    setStdID,
    selection,
    toggle,
    dateWindow,
    dateStart,
    setDateStart: cleared(setDateStart),
    on,
    override,
    setOverride: cleared(setOverride),
    planId,
    setPlanId: cleared(setPlanId),
    refusal,
    conflict,
    setConflict,
    done,
    quote,
    previews,
    warnings,
    fee,
    toClasses,
    toPlan,
    send,
    sending: submit.isPending,
  };
}

export type OwnerWizardState = ReturnType<typeof useOwnerWizard>;
