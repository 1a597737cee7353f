import { Alert, Button, Group, Skeleton, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { centsText, messages, type RegistrationBuilder, registrationKey } from '@pirouette/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { RegistrationPayment } from '../../cards/components/registration-payment';
import { useFamilyWaitlist } from '../../waitlist/api/waitlist';
import { JoinWaitlist } from '../../waitlist/components/join-waitlist';
import { openEntriesByPair } from '../../waitlist/lib/waitlist';
import { useRegistrationBuilder } from '../api/class-registration';
import { DancerStep } from '../components/dancer-step';
import { DoneSummary } from '../components/done-summary';
import { ParentPlan, ParentReview, ParentTerms } from '../components/parent-wizard-steps';
import { PricePanel } from '../components/price-panel';
import { Refused } from '../components/refused-alert';
import { ScheduleBuilder } from '../components/schedule-builder';
import { StepActions } from '../components/step-actions';
import { useBuilderWeeks, type WeekControl } from '../components/use-builder-week';
import { type ParentWizard, type Step, useParentWizard } from '../components/use-parent-wizard';
import { toggleClass } from '../lib/selection';

const LABELS: Record<Step, string> = {
  dancer: 'Dancer',
  classes: 'Classes',
  review: 'Review',
  plan: 'Payment plan',
  terms: 'Terms',
  done: 'Done',
};

/** The parent's class registration (issue 15 point 1): dancer, classes, review, plan, terms, submit. */
export function ClassRegistrationPage() {
  const [locID, setLocID] = useState<string | null>(null);
  const builder = useRegistrationBuilder({ locID });
  const { builder: data, see } = useBuilderWeeks(builder.data);
  const week: WeekControl = { asked: locID, onAsk: setLocID, loading: builder.isPlaceholderData };
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
      <PageHeader title="Register for classes" description={data ? `Season ${data.term.name}` : undefined} />
      {/* Another location's week failed: said here, the week shown and the selection kept. */}
      {builder.isError && data && (
        <LoadError
          message={errorText(builder.error, messages.loadFailed)}
          onRetry={() => builder.refetch()}
        />
      )}
      {builder.isError && !data ? (
        <LoadError
          message={errorText(builder.error, messages.loadFailed)}
          onRetry={() => builder.refetch()}
        />
      ) : !data ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the schedule">
          <Skeleton h={40} />
          <Skeleton h={320} radius="md" />
        </Stack>
      ) : (
        <Wizard
          builder={data}
          week={week}
          reload={() => builder.refetch().then((r) => r.data && see(r.data))}
        />
      )}
    </Stack>
  );
}

/** The classes step: the week's classes to choose from, a place on a full one's waiting list, the figures. */
function ClassesStep({
  builder,
  w,
  week,
}: {
  builder: RegistrationBuilder;
  w: ParentWizard;
  week: WeekControl;
}) {
  const { stdID, selection, quote } = w;
  const waitlist = useFamilyWaitlist();
  const waiting = useMemo(() => openEntriesByPair(waitlist.data ?? []), [waitlist.data]);
  return (
    <Stack gap="md">
      <ScheduleBuilder
        builder={builder}
        week={week}
        selection={selection}
        stdID={stdID}
        onStdID={w.setStdID}
        onToggle={(clSchID) => w.setSelection((s) => toggleClass(builder, s, stdID, clSchID))}
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
      <Refused refused={w.refused} />
      <PricePanel quote={quote} newKeys={selection.added} />
    </Stack>
  );
}

function Wizard({
  builder,
  week,
  reload,
}: {
  builder: RegistrationBuilder;
  week: WeekControl;
  reload: () => Promise<RegistrationBuilder | undefined>;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const w = useParentWizard(builder, reload);
  const { step, steps, index, done } = w;

  return (
    <Stack gap="lg">
      <Stepper
        active={index}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={(i) => step !== 'done' && w.go(steps[i] ?? step)}
      >
        {steps.map((s) => (
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
      {step === 'dancer' && (
        <DancerStep
          builder={builder}
          onChoose={(id) => {
            w.setStdID(id);
            w.go('classes');
          }}
        />
      )}
      {step === 'classes' && <ClassesStep builder={builder} w={w} week={week} />}
      {step === 'review' && <ParentReview builder={builder} w={w} />}
      {step === 'plan' && <ParentPlan builder={builder} w={w} />}
      {step === 'terms' && <ParentTerms builder={builder} w={w} />}
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
          onBack={w.back}
          backDisabled={index === 0}
          refusal={w.refusal}
          hint={`Family total ${centsText(w.quote.total)} a month`}
          action={{
            label: w.submitsNext ? 'Register' : 'Continue',
            onClick: w.submitsNext ? w.send : w.next,
            disabled: !w.canContinue,
            loading: w.sending,
          }}
        />
      )}
    </Stack>
  );
}
