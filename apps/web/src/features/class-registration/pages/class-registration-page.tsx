import { Alert, Button, Group, Skeleton, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  centsText,
  messages,
  type RegistrationBuilder,
  type RegistrationResult,
  registrationKey,
} from '@pirouette/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/notify';
import { RegistrationPayment } from '../../cards/components/registration-payment';
import { useFamilyWaitlist } from '../../waitlist/api/waitlist';
import { JoinWaitlist } from '../../waitlist/components/join-waitlist';
import { openEntriesByPair } from '../../waitlist/lib/waitlist';
import { useRegistrationBuilder, useSubmitRegistration } from '../api/class-registration';
import { DancerStep } from '../components/dancer-step';
import { DoneSummary } from '../components/done-summary';
import { FeeLine } from '../components/fee-line';
import { PlanStep } from '../components/plan-step';
import { PricePanel } from '../components/price-panel';
import { Refused } from '../components/refused-alert';
import { ReviewStep } from '../components/review-step';
import { ScheduleBuilder } from '../components/schedule-builder';
import { StepActions } from '../components/step-actions';
import { TermsStep } from '../components/terms-step';
import { refusedSelections } from '../lib/eligibility';
import { liveQuote, type PlanPreview, planPreviews } from '../lib/quote';
import { emptySelection, hasChanges, reconcile, type Selection, toggleClass } from '../lib/selection';
import { feeDue, submitBodyOf } from '../lib/submit-body';

type Step = 'dancer' | 'classes' | 'review' | 'plan' | 'terms' | 'done';

const LABELS: Record<Step, string> = {
  dancer: 'Dancer',
  classes: 'Classes',
  review: 'Review',
  plan: 'Payment plan',
  terms: 'Terms',
  done: 'Done',
};

const stepsOf = (b: RegistrationBuilder): Step[] => [
  ...(b.acctInfo.stds.length > 1 ? (['dancer'] as const) : []),
  'classes',
  'review',
  'plan',
  ...(b.terms.length > 0 ? (['terms'] as const) : []),
  'done',
];

/** The parent's class registration (issue 15 point 1): dancer, classes, review, plan, terms, submit. */
export function ClassRegistrationPage() {
  const builder = useRegistrationBuilder();
  return (
    <Stack gap="lg">
      <Group>
        <Button
          component={Link}
          to="/accounts/parents"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          Your family
        </Button>
      </Group>
      <PageHeader
        title="Register for classes"
        description={builder.data ? `Season ${builder.data.term.name}` : undefined}
      />
      {builder.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the schedule">
          <Skeleton h={40} />
          <Skeleton h={320} radius="md" />
        </Stack>
      ) : builder.isError ? (
        <LoadError
          message={errorText(builder.error, messages.loadFailed)}
          onRetry={() => builder.refetch()}
        />
      ) : (
        <Wizard builder={builder.data} reload={() => builder.refetch().then((r) => r.data)} />
      )}
    </Stack>
  );
}

function Wizard({
  builder,
  reload,
}: {
  builder: RegistrationBuilder;
  reload: () => Promise<RegistrationBuilder | undefined>;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
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
  const waitlist = useFamilyWaitlist();
  const waiting = useMemo(() => openEntriesByPair(waitlist.data ?? []), [waitlist.data]);
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
          if (isApiError(error) && error.status === 422) {
            setRefusal(errorText(error));
            return;
          }
          setConflict(errorText(error));
          if (isApiError(error) && error.status === 409) {
            // The figures moved (prices, the plan, the date, a class filled): read them again and let the
            // parent review what changed before confirming.
            void reload().then((fresh) => fresh && setSelection((s) => reconcile(fresh, s)));
            setStep('review');
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
        onStepClick={(i) => step !== 'done' && go(steps[i] ?? step)}
      >
        {steps.map((s) => (
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
      {step === 'dancer' && (
        <DancerStep
          builder={builder}
          onChoose={(id) => {
            setStdID(id);
            go('classes');
          }}
        />
      )}
      {step === 'classes' && (
        <Stack gap="md">
          <ScheduleBuilder
            builder={builder}
            selection={selection}
            stdID={stdID}
            onStdID={setStdID}
            onToggle={(clSchID) => setSelection((s) => toggleClass(builder, s, stdID, clSchID))}
            quote={quote}
            footerOf={(cls, state, eligibility) =>
              state === 'none' && (cls.isFull || cls.placesLeft <= 0) ? (
                <JoinWaitlist
                  cls={cls}
                  stdID={stdID}
                  firstName={builder.acctInfo.stds.find((s) => s.id === stdID)?.firstName ?? ''}
                  entry={waiting.get(registrationKey(stdID, cls.id))}
                  eligibility={eligibility}
                />
              ) : null
            }
          />
          <Refused refused={refused} />
          <PricePanel quote={quote} newKeys={selection.added} />
        </Stack>
      )}
      {step === 'review' && (
        <Stack gap="md">
          <ReviewStep builder={builder} selection={selection} quote={quote} />
          {hasChanges(selection) && (
            <FeeLine amount={fee} participation={builder.rules.registrationFee.participation} />
          )}
          <Refused refused={refused} />
          {hasChanges(selection) && <PricePanel quote={quote} newKeys={selection.added} />}
        </Stack>
      )}
      {step === 'plan' &&
        (previews.length === 0 && !builder.plan ? (
          <Text>No payment plan is needed: the family has no classes left this season.</Text>
        ) : (
          <Stack gap="md">
            <FeeLine amount={fee} participation={builder.rules.registrationFee.participation} />
            <PlanStep
              builder={builder}
              previews={previews}
              chosen={planId}
              onChoose={(id) => {
                setRefusal(null);
                setPlanId(id);
              }}
            />
          </Stack>
        ))}
      {step === 'terms' && (
        <TermsStep
          terms={builder.terms}
          accepted={accepted}
          onAccept={(id, version) => {
            setRefusal(null);
            setAccepted((m) => {
              const copy = new Map(m);
              if (version === null) copy.delete(id);
              else copy.set(id, version);
              return copy;
            });
          }}
        />
      )}
      {step === 'done' && done && (
        <DoneSummary
          builder={builder}
          result={done.result}
          plan={done.plan}
          droppedNames={done.droppedNames}
          payment={<RegistrationPayment />}
        />
      )}
      {step !== 'done' && step !== 'dancer' && (
        <StepActions
          onBack={back}
          backDisabled={index === 0}
          refusal={refusal}
          hint={`Family total ${centsText(quote.total)} a month`}
          action={{
            label: submitsNext ? 'Register' : 'Continue',
            onClick: submitsNext ? send : next,
            disabled: !canContinue,
            loading: submit.isPending,
          }}
        />
      )}
    </Stack>
  );
}
