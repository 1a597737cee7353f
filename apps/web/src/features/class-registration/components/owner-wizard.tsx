import { Alert, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  centsText,
  classRegistrationMessages,
  formatDateOnly,
  type RegistrationBuilder,
  type RegistrationResult,
} from '@pirouette/domain';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/notify';
import { useOwnerSubmitRegistration } from '../api/class-registration';
import { defaultEffectiveDate, effectiveWindow, isInWindow } from '../lib/effective-date';
import { refusedSelections } from '../lib/eligibility';
import { ownerClassesProblem, ownerStart } from '../lib/owner';
import { liveQuote, type PlanPreview, planPreviews } from '../lib/quote';
import { emptySelection, reconcile, type Selection, toggleClass } from '../lib/selection';
import { feeDue, ownerSubmitBodyOf } from '../lib/submit-body';
import { DoneSummary } from './done-summary';
import { EffectiveDateInput } from './effective-date-input';
import { FeeLine } from './fee-line';
import { OverrideWarning } from './override-warning';
import { PlanStep } from './plan-step';
import { PricePanel } from './price-panel';
import { ReviewStep } from './review-step';
import { ScheduleBuilder } from './schedule-builder';
import { StepActions } from './step-actions';

type Step = 'classes' | 'plan' | 'done';
const STEPS: Step[] = ['classes', 'plan', 'done'];
const LABELS: Record<Step, string> = { classes: 'Classes', plan: 'Payment plan', done: 'Done' };

type Props = {
  builder: RegistrationBuilder;
  familyId: string;
  /** A class to pick first (from a class's detail). */
  classID: string | null;
  reload: () => Promise<RegistrationBuilder | undefined>;
  back: { to: string; label: string };
};

/**
 * The owner's wizard (001 §4's owner variant): pick classes, review the payment plan, submit. The owner
 * chooses the effective date and may register a dancer a class is not open to, once warned.
 */
export function OwnerWizard({ builder, familyId, classID, reload, back }: Props) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [start] = useState(() => ownerStart(builder, classID));
  const [step, setStep] = useState<Step>('classes');
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
  const index = STEPS.indexOf(step);

  const go = (to: Step) => {
    setRefusal(null);
    setConflict(null);
    setStep(to);
  };
  const cleared =
    <T,>(set: (v: T) => void) =>
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
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            setRefusal(errorText(error));
            return;
          }
          setConflict(errorText(error));
          // The figures moved (prices, the plan, a class filled): read them again and review.
          if (isApiError(error) && error.status === 409) {
            void reload().then((fresh) => fresh && setSelection((s) => reconcile(fresh, s)));
          }
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stepper
        active={index}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={(i) => i === 0 && step === 'plan' && toClasses()}
      >
        {STEPS.map((s) => (
          <Stepper.Step key={s} label={isPhone ? undefined : LABELS[s]} aria-label={LABELS[s]} />
        ))}
      </Stepper>
      {conflict && (
        <Alert
          color="orange"
          title="Please review"
          withCloseButton
          onClose={() => setConflict(null)}
          data-testid="wizard-alert"
        >
          {conflict}
        </Alert>
      )}
      {step === 'classes' && (
        <EffectiveDateInput
          label="Starts on"
          value={dateStart}
          onChange={cleared(setDateStart)}
          window={dateWindow}
        />
      )}
      {step === 'classes' && (
        <Stack gap="md">
          <ScheduleBuilder
            builder={builder}
            selection={selection}
            stdID={stdID}
            onStdID={setStdID}
            onToggle={(clSchID) => {
              setRefusal(null);
              setSelection((s) => toggleClass(builder, s, stdID, clSchID));
            }}
            quote={quote}
            mode="owner"
            startsOn={on}
            focusClassID={classID}
          />
          <OverrideWarning warnings={warnings} override={override} onOverride={cleared(setOverride)} />
          <PricePanel quote={quote} newKeys={selection.added} />
        </Stack>
      )}
      {step === 'plan' && (
        <Stack gap="md">
          <Text size="sm" data-testid="starts-on">
            Starting on <b>{formatDateOnly(dateStart)}</b>: the payments are worked out from that day.
          </Text>
          <ReviewStep builder={builder} selection={selection} quote={quote} />
          {override && warnings.length > 0 && (
            <Text size="sm" c="orange.9" data-testid="override-note">
              Registering anyway: {warnings.map((w) => `${w.name}: ${w.reasons.join(' ')}`).join(' ')}
            </Text>
          )}
          <FeeLine amount={fee} participation={builder.rules.registrationFee.participation} />
          <PlanStep
            builder={builder}
            previews={previews}
            chosen={planId}
            onChoose={cleared(setPlanId)}
            owner={{ from: dateStart }}
          />
        </Stack>
      )}
      {step === 'done' && done && (
        <DoneSummary
          builder={builder}
          result={done.result}
          plan={done.plan}
          droppedNames={[]}
          back={back}
          warnings={done.result.warnings}
          owner
        />
      )}
      {step !== 'done' && (
        <StepActions
          onBack={toClasses}
          backDisabled={step === 'classes'}
          refusal={refusal}
          hint={`Family total ${centsText(quote.total)} a month`}
          action={{
            label: step === 'classes' ? 'Continue' : 'Register',
            onClick: step === 'classes' ? toPlan : send,
            loading: submit.isPending,
          }}
        />
      )}
    </Stack>
  );
}
