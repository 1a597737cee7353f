import { Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useReducer } from 'react';
import { errorText } from '../../../lib/notify';
import { useRegisterStudio } from '../api/registration';
import { CodeStep } from '../components/code-step';
import { EmailStep } from '../components/email-step';
import { OwnerStep } from '../components/owner-step';
import { StudioStep } from '../components/studio-step';
import { SubmittedStep } from '../components/submitted-step';
import {
  emptyDetails,
  initialWizard,
  parseRegistration,
  stepErrors,
  stepIndex,
  wizardReducer,
} from '../registration-wizard';
import classes from './register-page.module.css';

/** /register — a new studio: e-mail → code → owner → studio → submitted. */
export function RegisterPage() {
  const [wizard, dispatch] = useReducer(wizardReducer, initialWizard);
  const register = useRegisterStudio();
  const form = useForm({ initialValues: emptyDetails() });

  const submit = () => {
    const errors = stepErrors('studio', form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    register.mutate(
      { body: parseRegistration(form.getValues()) },
      {
        onSuccess: () => dispatch({ type: 'submitted' }),
      },
    );
  };

  return (
    <Paper p={{ base: 'lg', sm: 40 }} shadow="sm" withBorder>
      <Stack gap="lg">
        {wizard.step !== 'submitted' && (
          <div>
            <Title order={1} fz={28}>
              Register your studio
            </Title>
            <Text c="dimmed" mt={4}>
              Create the studio account you will run your classes, families and tuition from.
            </Text>
          </div>
        )}
        <Stepper
          active={stepIndex(wizard.step)}
          size="xs"
          allowNextStepsSelect={false}
          styles={{ stepLabel: { whiteSpace: 'nowrap' } }}
          classNames={{ stepBody: classes.stepBody, separator: classes.separator }}
        >
          <Stepper.Step label="E-mail">
            <EmailStep
              initialEmail={wizard.email}
              onCodeSent={(email) => {
                form.setFieldValue('login.email', email);
                form.setFieldValue('studioInfo.email', email);
                dispatch({ type: 'codeSent', email });
              }}
            />
          </Stepper.Step>
          <Stepper.Step label="Code">
            <CodeStep
              email={wizard.email}
              onVerified={(hasSignIn) => {
                form.setFieldValue('hasSignIn', hasSignIn);
                dispatch({ type: 'codeVerified', hasSignIn });
              }}
              onChangeEmail={() => dispatch({ type: 'changeEmail' })}
            />
          </Stepper.Step>
          <Stepper.Step label="Owner">
            <OwnerStep form={form} onNext={() => dispatch({ type: 'ownerDone' })} />
          </Stepper.Step>
          <Stepper.Step label="Studio">
            <StudioStep
              form={form}
              onBack={() => dispatch({ type: 'back' })}
              onSubmit={submit}
              submitting={register.isPending}
              error={register.isError ? errorText(register.error) : null}
            />
          </Stepper.Step>
          <Stepper.Completed>
            <SubmittedStep email={wizard.email} hasSignIn={wizard.hasSignIn} />
          </Stepper.Completed>
        </Stepper>
      </Stack>
    </Paper>
  );
}
