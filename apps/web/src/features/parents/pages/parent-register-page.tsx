import { Button, Paper, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { isId } from '@pirouette/domain';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { isApiError, isRefusedFor } from '../../../lib/api-client';
import { formatPhoneTyping } from '../../../lib/format';
import { errorText } from '../../../lib/notify';
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration';
import { useParentCompany } from '../../registration/api/registration';
import { useCheckParentEmail, useRegisterParent } from '../api/parents';
import {
  AddressFields,
  ContactsFields,
  EmailTaken,
  StepFrame,
  StudentsFields,
  SubmitError,
  TermsFields,
  YouFields,
} from '../components/family-steps';
import { StudioHeading } from '../components/studio-heading';
import { UnknownStudio } from '../components/unknown-studio';
import {
  allTermsAccepted,
  emptyParentForm,
  firstStepWithErrors,
  PARENT_STEPS,
  type ParentStep,
  parentFormErrors,
  parentRegistrationBody,
  parentStepErrors,
} from '../parent-registration-form';
import classes from './parent-register-page.module.css';

const LABELS: Record<ParentStep, string> = {
  you: 'You',
  contacts: 'Contacts',
  students: 'Students',
  address: 'Address',
  terms: 'Terms',
};

/**
 * The first step's fields a visitor may fill in before the page's scripts arrive (its role is a list
 * that opens with them).
 */
const YOU_TYPED_FIRST = [
  'login.email',
  'login.password',
  'confirmPassword',
  'user.firstName',
  'user.lastName',
  'user.phone',
] as const;

type Form = UseFormReturnType<ReturnType<typeof emptyParentForm>>;

/**
 * The registration's steps: moving between them (each step's fields checked before the next, the e-mail
 * checked where it is typed), and registering once every step is right.
 */
function useRegisterSteps(pID: string, studio: ReturnType<typeof useParentCompany>, form: Form) {
  const register = useRegisterParent();
  const checkEmail = useCheckParentEmail();
  const [active, setActive] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const terms = studio.data?.terms ?? [];
  const step = PARENT_STEPS[active] ?? 'terms';

  const go = (index: number) => {
    setActive(index);
    window.scrollTo({ top: 0 });
  };
  const back = () => go(Math.max(0, active - 1));
  const next = () => {
    const current = form.getValues();
    const errors = parentStepErrors(step, current, terms);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (step !== 'you') {
      go(active + 1);
      return;
    }
    // The address is checked where it is typed: one that cannot register here is said beside it now,
    // not at the last step. Any other failure of the check leaves that to the registration itself.
    const email = parentRegistrationBody(current, terms).login.email.trim().toLowerCase();
    checkEmail.mutate(
      { params: { id: pID, email } },
      {
        onSuccess: () => go(active + 1),
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            const message = errorText(error);
            form.setFieldError(
              'login.email',
              <EmailTaken
                message={message}
                signInTo={isRefusedFor(error, 'email_taken') ? `/parent/${pID}` : null}
              />,
            );
          } else go(active + 1);
        },
      },
    );
  };

  const submit = () => {
    const current = form.getValues();
    const wrong = firstStepWithErrors(current, terms);
    if (wrong) {
      form.setErrors(parentFormErrors(current, terms));
      go(PARENT_STEPS.indexOf(wrong));
      return;
    }
    register.mutate(
      { params: { id: pID }, body: parentRegistrationBody(current, terms) },
      {
        onSuccess: (result) => {
          setDone(result.msg);
          window.scrollTo({ top: 0 });
        },
        onError: (error) => {
          // The documents changed while they were read: show the new ones, to be accepted again.
          if (isRefusedFor(error, 'terms_changed')) {
            form.setFieldValue('accepted', {});
            studio.refetch();
          }
        },
      },
    );
  };

  return { register, checkEmail, active, done, step, terms, go, back, next, submit };
}

/** After registering: the e-mail to confirm, and signing in. */
function Registered({ message, signInTo }: { message: string | null; signInTo: string }) {
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={72} radius="xl" variant="light" color="teal">
        <IconMailCheck size={40} />
      </ThemeIcon>
      <Title order={2} fz={24}>
        Check your inbox
      </Title>
      <Text>{message}</Text>
      <Button component={Link} to={signInTo} size="md">
        Sign in
      </Button>
    </Stack>
  );
}

/** /parent/:pID/register — a family registers at the studio of the link: you → contacts → students → address → terms. */
export function ParentRegisterPage() {
  const { pID } = useParams();
  const studio = useParentCompany(pID);
  const form = useForm({ initialValues: emptyParentForm() });
  // The first step typed into the page the server rendered before its scripts arrived (decision 134).
  const live = useTypedBeforeHydration(form, YOU_TYPED_FIRST, { 'user.phone': formatPhoneTyping });
  const { register, checkEmail, active, done, step, terms, go, back, next, submit } = useRegisterSteps(
    pID ?? '',
    studio,
    form,
  );

  if (
    !isId(pID) ||
    (studio.isError && isApiError(studio.error) && [400, 404].includes(studio.error.status))
  ) {
    return (
      <Paper p={{ base: 'lg', sm: 32 }} withBorder shadow="sm">
        <UnknownStudio />
      </Paper>
    );
  }
  if (studio.isError) return <LoadError onRetry={() => studio.refetch()} />;
  const values = form.getValues();

  const submitMessage = register.isError ? errorText(register.error) : null;
  const frame = {
    onBack: active > 0 ? back : undefined,
    onNext: next,
    nextDisabled: !live,
    submitting: step === 'you' && checkEmail.isPending,
  };

  return (
    <Paper p={{ base: 'lg', sm: 40 }} withBorder shadow="sm">
      <Stack gap="lg">
        {done === null && (
          <StudioHeading name={studio.data?.cName} loading={studio.isPending}>
            Register your family and your dancers.
          </StudioHeading>
        )}
        {done === null && (
          <Text fw={600} size="sm" c="plum" data-testid="step-caption" mb={-8}>
            Step {active + 1} of {PARENT_STEPS.length}: {LABELS[step]}
          </Text>
        )}
        <Stepper
          active={done === null ? active : PARENT_STEPS.length}
          size="xs"
          allowNextStepsSelect={false}
          onStepClick={(index) => index < active && go(index)}
          classNames={{ stepBody: classes.stepBody, separator: classes.separator }}
        >
          <Stepper.Step aria-label={LABELS.you}>
            <StepFrame {...frame}>
              <YouFields form={form} />
            </StepFrame>
          </Stepper.Step>
          <Stepper.Step aria-label={LABELS.contacts}>
            <StepFrame {...frame}>
              <ContactsFields form={form} />
            </StepFrame>
          </Stepper.Step>
          <Stepper.Step aria-label={LABELS.students}>
            <StepFrame {...frame}>
              <StudentsFields form={form} />
            </StepFrame>
          </Stepper.Step>
          <Stepper.Step aria-label={LABELS.address}>
            <StepFrame {...frame}>
              <AddressFields form={form} />
            </StepFrame>
          </Stepper.Step>
          <Stepper.Step aria-label={LABELS.terms}>
            <StepFrame
              onBack={back}
              onNext={submit}
              nextLabel="Register"
              nextDisabled={studio.isPending || studio.isFetching || !allTermsAccepted(values, terms)}
              submitting={register.isPending}
            >
              <TermsFields form={form} terms={terms} />
              {submitMessage && (
                <SubmitError
                  message={submitMessage}
                  signInTo={isRefusedFor(register.error, 'email_taken') ? `/parent/${pID}` : null}
                />
              )}
            </StepFrame>
          </Stepper.Step>
          <Stepper.Completed>
            <Registered message={done} signInTo={`/parent/${pID}`} />
          </Stepper.Completed>
        </Stepper>
      </Stack>
    </Paper>
  );
}
