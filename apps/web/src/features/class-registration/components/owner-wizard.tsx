import { Alert, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { centsText, formatDateOnly, type RegistrationBuilder } from '@pirouette/domain';
import { DoneSummary } from './done-summary';
import { EffectiveDateInput } from './effective-date-input';
import { FeeLine } from './fee-line';
import { OverrideWarning } from './override-warning';
import { PlanStep } from './plan-step';
import { PricePanel } from './price-panel';
import { ReviewStep } from './review-step';
import { ScheduleBuilder } from './schedule-builder';
import { StepActions } from './step-actions';
import type { WeekControl } from './use-builder-week';
import { type OwnerStep, type OwnerWizardState, useOwnerWizard } from './use-owner-wizard';

const STEPS: OwnerStep[] = ['classes', 'plan', 'done'];
const LABELS: Record<OwnerStep, string> = { classes: 'Classes', plan: 'Payment plan', done: 'Done' };

type Props = {
  builder: RegistrationBuilder;
  week: WeekControl;
  familyId: string;
  /** A class to pick first (from a class's detail). */
  classID: string | null;
  reload: () => Promise<RegistrationBuilder | undefined>;
  back: { to: string; label: string };
};

type StepProps = { builder: RegistrationBuilder; w: OwnerWizardState };

/** The classes step: the effective date, the week's classes, the override of a class not open, the figures. */
function OwnerClasses({
  builder,
  w,
  classID,
  week,
}: StepProps & { classID: string | null; week: WeekControl }) {
  return (
    <>
      <EffectiveDateInput
        label="Starts on"
        value={w.dateStart}
        onChange={w.setDateStart}
        window={w.dateWindow}
      />
      <Stack gap="md">
        <ScheduleBuilder
          builder={builder}
          week={week}
          selection={w.selection}
          stdID={w.stdID}
          onStdID={w.setStdID}
          onToggle={w.toggle}
          quote={w.quote}
          mode="owner"
          startsOn={w.on}
          focusClassID={classID}
        />
        <OverrideWarning warnings={w.warnings} override={w.override} onOverride={w.setOverride} />
        <PricePanel quote={w.quote} newKeys={w.selection.added} />
      </Stack>
    </>
  );
}

/** The plan step: the start date, the review, what is registered anyway, the fee and the plan. */
function OwnerPlan({ builder, w }: StepProps) {
  const { warnings } = w;
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="starts-on">
        Starting on <b>{formatDateOnly(w.dateStart)}</b>: the payments are worked out from that day.
      </Text>
      <ReviewStep builder={builder} selection={w.selection} quote={w.quote} />
      {w.override && warnings.length > 0 && (
        <Text size="sm" c="orange.9" data-testid="override-note">
          Registering anyway: {warnings.map((x) => `${x.name}: ${x.reasons.join(' ')}`).join(' ')}
        </Text>
      )}
      <FeeLine amount={w.fee} participation={builder.rules.registrationFee.participation} />
      <PlanStep
        builder={builder}
        previews={w.previews}
        chosen={w.planId}
        onChoose={w.setPlanId}
        owner={{ from: w.dateStart }}
      />
    </Stack>
  );
}

/**
 * The owner's wizard (001 §4's owner variant): pick classes, review the payment plan, submit. The owner
 * chooses the effective date and may register a dancer a class is not open to, once warned.
 */
export function OwnerWizard({ builder, week, familyId, classID, reload, back }: Props) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const w = useOwnerWizard({ builder, familyId, classID, reload });
  const { step, done } = w;

  return (
    <Stack gap="lg">
      <Stepper
        active={w.index}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={(i) => i === 0 && step === 'plan' && w.toClasses()}
      >
        {STEPS.map((s) => (
          <Stepper.Step key={s} label={isPhone ? undefined : LABELS[s]} aria-label={LABELS[s]} />
        ))}
      </Stepper>
      {w.conflict && (
        <Alert
          color="orange"
          title="Please review"
          withCloseButton
          onClose={() => w.setConflict(null)}
          data-testid="wizard-alert"
        >
          {w.conflict}
        </Alert>
      )}
      {step === 'classes' && <OwnerClasses builder={builder} w={w} classID={classID} week={week} />}
      {step === 'plan' && <OwnerPlan builder={builder} w={w} />}
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
          onBack={w.toClasses}
          backDisabled={step === 'classes'}
          refusal={w.refusal}
          hint={`Family total ${centsText(w.quote.total)} a month`}
          action={{
            label: step === 'classes' ? 'Continue' : 'Register',
            onClick: step === 'classes' ? w.toPlan : w.send,
            loading: w.sending,
          }}
        />
      )}
    </Stack>
  );
}
