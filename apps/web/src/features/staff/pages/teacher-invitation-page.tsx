import { Alert, Anchor, Button, Paper, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AcceptInvitationInput, authCalls, messages, newPassword, STAFF_TEXT } from '@pirouette/domain';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { teacherPaths } from '../../../app/paths/teacher-paths';
import { callApi } from '../../../lib/call';
import { PASSWORD_HINT } from '../../../lib/format';
import { errorText } from '../../../lib/notify';
import { useAcceptInvitation, useInvitation } from '../api/staff';

const MISMATCH = 'The two passwords are not the same.';

/**
 * Signs the teacher in after accepting, at the studio that invited them (a person with other roles
 * elsewhere is moved to the teacher's membership), then loads the teacher's pages afresh.
 */
async function signInAsTeacher(email: string, password: string, companyId: string) {
  const login = await callApi(authCalls.login, { body: { email, password, remember: false } });
  const teacher = login.accts.find((a) => a.cID === companyId && a.nPriv === 'teacher');
  // Sign-in opens the oldest membership: the teacher's is chosen when it is another.
  if (teacher && login.accts[0]?.id !== teacher.id) {
    await callApi(authCalls.switchAccount, { params: { id: teacher.id } });
  }
  window.location.assign(teacherPaths.today);
}

type Values = { password: string; confirm: string };

/** The password form: a new one typed twice, or the existing account's own. */
function AcceptForm({ token, email, hasAccount }: { token: string; email: string; hasAccount: boolean }) {
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const form = useForm<Values>({
    initialValues: { password: '', confirm: '' },
    validate: (v) => {
      if (hasAccount) return v.password ? {} : { password: 'Enter your password.' };
      const parsed = newPassword.safeParse(v.password);
      if (!parsed.success) return { password: parsed.error.issues[0]?.message ?? messages.passwordRule };
      return v.confirm === v.password ? {} : { confirm: MISMATCH };
    },
  });
  const submit = (values: Values) => {
    setFailure(null);
    const body: AcceptInvitationInput = { token, password: values.password };
    accept.mutate(
      { body },
      {
        onSuccess: async (done) => {
          setSigningIn(true);
          try {
            await signInAsTeacher(done.email, values.password, done.cID);
          } catch (error) {
            setSigningIn(false);
            setFailure(errorText(error));
          }
        },
        onError: (error) => setFailure(errorText(error)),
      },
    );
  };
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Text size="sm">
          You sign in with <strong>{email}</strong>.
        </Text>
        <PasswordInput
          label={hasAccount ? 'Your password' : 'Choose a password'}
          description={hasAccount ? 'The password you already use to sign in.' : PASSWORD_HINT}
          autoComplete={hasAccount ? 'current-password' : 'new-password'}
          required
          {...form.getInputProps('password')}
        />
        {!hasAccount && (
          <PasswordInput
            label="Confirm the password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
        )}
        <Button type="submit" loading={accept.isPending || signingIn}>
          {hasAccount ? 'Accept and sign in' : 'Set password and sign in'}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /staff/invitation#<secret> (issue 36, decision 061): a studio's invitation to sign in as a teacher.
 * The secret rides in the address's fragment, which no request carries, so no log ever holds it.
 */
export function TeacherInvitationPage() {
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const invitation = useInvitation(token);

  let body: ReactNode;
  if (!token) body = <Alert color="orange">{STAFF_TEXT.linkInvalid}</Alert>;
  else if (invitation.isPending) body = <Skeleton h={160} radius="md" />;
  else if (invitation.isError)
    body = (
      <Alert color="orange" role="alert">
        {errorText(invitation.error, STAFF_TEXT.linkInvalid)}
      </Alert>
    );
  else
    body = (
      <Stack gap="lg">
        <Text c="dimmed">
          Hello {invitation.data.firstName}: {invitation.data.studioName} invites you to sign in as one of its
          teachers, to see your classes, your dancers and their families' phones.
        </Text>
        <AcceptForm token={token} email={invitation.data.email} hasAccount={invitation.data.hasAccount} />
      </Stack>
    );

  return (
    <Paper p={{ base: 'lg', sm: 40 }} shadow="sm" withBorder>
      <Stack gap="lg">
        <Title order={1} fz={28}>
          {invitation.data ? `Teach at ${invitation.data.studioName}` : 'Your teacher invitation'}
        </Title>
        {body}
        <Text size="sm" ta="center" c="dimmed">
          Already set up?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
