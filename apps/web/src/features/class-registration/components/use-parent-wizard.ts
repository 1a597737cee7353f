import type { RegistrationBuilder, RegistrationResult } from '@pirouette/domain';
import { useMemo, useState } from 'react';
import { useSubmitRegistration } from '../api/class-registration';
import { refusedSelections } from '../lib/eligibility';
import { liveQuote, type PlanPreview, planPreviews } from '../lib/quote';
import { takeRefusal } from '../lib/refused-submission';
import { emptySelection, hasChanges, type Selection } from '../lib/selection';
import { feeDue, submitBodyOf } from '../lib/submit-body';

export type Step = 'dancer' | 'classes' | 'review' | 'plan' | 'terms' | 'done';

const stepsOf = (b: RegistrationBuilder): Step[] => [
  ...(b.acctInfo.stds.length > 1 ? (['dancer'] as const) : []),
  'classes',
  'review',
  'plan',
  ...(b.terms.length > 0 ? (['terms'] as const) : []),
  'done',
];

/**
 * The parent's registration wizard's state: the step, the dancer, the selection, the plan, the accepted
 * terms, the live quote, and sending it all (a 422 is said beside the step's button, a 409 reads the
 * builder again and goes back to the review).
 */
export function useParentWizard(
  builder: RegistrationBuilder,
  reload: () => Promise<RegistrationBuilder | undefined>,
) {
  const steps = stepsOf(builder);
  const [step, setStep] = useState<Step>(steps[0] ?? 'classes');
  const [stdID, setStdID] = useState(builder.acctInfo.stds[0]?.id ?? '');
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [planId, setPlanId] = useState<string | null>(
    () => builder.paySys.find((p) => p.isDefault)?.id ?? builder.paySys[0]?.id ?? null,
  );
  const [accepted, setAccepted] = useState<ReadonlyMap<string, number>>(new Map());
  const [conflict, setConflict] = useState<string | null>(null);
  // A 422 is about this step (a plan, the terms, a class not open): said beside its button.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<{
    result: RegistrationResult;
    plan: PlanPreview | null;
    droppedNames: string[];
  } | null>(null);
  const submit = useSubmitRegistration();
  const fee = feeDue(builder, selection);

  const quote = useMemo(() => liveQuote(builder, selection), [builder, selection]);
  const previews = useMemo(() => planPreviews(builder, selection, quote), [builder, selection, quote]);
  const refused = useMemo(() => refusedSelections(builder, selection), [builder, selection]);
  const plan = builder.plan ? (previews[0] ?? null) : (previews.find((p) => p.planId === planId) ?? null);
  const index = steps.indexOf(step);
  const go = (to: Step) => {
    setConflict(null);
    setRefusal(null);
    setStep(to);
  };
  const next = () => go(steps[index + 1] ?? 'done');
  const back = () => go(steps[index - 1] ?? steps[0] ?? 'classes');

  const canContinue =
    step === 'review'
      ? hasChanges(selection) && refused.length === 0
      : step === 'plan'
        ? builder.plan !== null || previews.length === 0 || plan !== null
        : step === 'terms'
          ? builder.terms.every((t) => accepted.get(t.coTermID) === t.version)
          : true;
  const submitsNext = steps[index + 1] === 'done';
  const droppedNames = builder.acctInfo.regCls
    .filter((r) => selection.dropped.has(r.clRegID))
    .map((r) => `${r.name} (${builder.acctInfo.stds.find((s) => s.id === r.stdID)?.firstName ?? ''})`);

  const send = () => {
    const body = submitBodyOf(builder, selection, quote, { plan, accepted });
    submit.mutate(
      { body },
      {
        onSuccess: (result) => {
          setDone({ result, plan, droppedNames });
          // The builder read again lists the new classes as registered: the selection is spent.
          setSelection(emptySelection());
          go('done');
        },
        onError: (error) => {
          // The figures moved: the parent reviews what changed before confirming.
          if (takeRefusal(error, { setRefusal, setConflict, reload, setSelection }).moved) setStep('review');
        },
      },
    );
  };

  const choosePlan = (id: string) => {
    setRefusal(null);
    setPlanId(id);
  };
  const accept = (id: string, version: number | null) => {
    setRefusal(null);
    setAccepted((m) => {
      const copy = new Map(m);
      if (version === null) copy.delete(id);
      else copy.set(id, version);
      return copy;
    });
  };

  return {
    steps,
    step,
    index,
    go,
    next,
    back,
    stdID,
    setStdID,
    selection,
    setSelection,
    planId,
    choosePlan,
    accepted,
    accept,
    conflict,
    setConflict,
    refusal,
    done,
    fee,
    quote,
    previews,
    refused,
    canContinue,
    submitsNext,
    send,
    sending: submit.isPending,
  };
}

export type ParentWizard = ReturnType<typeof useParentWizard>;
