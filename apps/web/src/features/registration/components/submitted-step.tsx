import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';

const REDIRECT_SECONDS = 20;

/** The end of registration: check the inbox, then sign in (000 §2: the user is sent to /login). */
export function SubmittedStep({ email, hasSignIn }: { email: string; hasSignIn: boolean }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate('/login', { replace: true });
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate]);

  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={72} radius="xl" variant="light" color="teal">
        <IconMailCheck size={40} />
      </ThemeIcon>
      <Title order={2} fz={24}>
        {messages.registrationSubmitted}
      </Title>
      <Text>{messages.registrationSubmittedDetail}</Text>
      <Text c="dimmed" size="sm">
        Sign in as <b>{email}</b> with {hasSignIn ? 'your current password' : 'the password you chose'} to set
        up your studio.
      </Text>
      <Button component={Link} to="/login" size="md">
        Go to sign in
      </Button>
      <Text size="xs" c="dimmed">
        Taking you to sign in in {left} s.
      </Text>
    </Stack>
  );
}
