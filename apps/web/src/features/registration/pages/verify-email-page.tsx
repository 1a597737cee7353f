import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useVerifyEmail } from '../api/registration';
import { ResultDialog } from '../components/result-dialog';
import { VerifyEmailEntryPage } from './verify-email-entry-page';

/** /verify/email/nt/:token? and /verify/email/:id — confirms the address of a mailed link. */
export function VerifyEmailPage() {
  const { token, id } = useParams();
  const hash = token ?? id;
  const verify = useVerifyEmail();
  const sent = useRef<string | null>(null);
  const { mutate } = verify;

  // The link works once: make sure it is sent once, even when effects run twice in development.
  useEffect(() => {
    if (!hash || sent.current === hash) return;
    sent.current = hash;
    mutate({ params: { hash } });
  }, [hash, mutate]);

  if (!hash) return <VerifyEmailEntryPage />;

  return (
    <Paper p={{ base: 'lg', sm: 40 }} shadow="sm" withBorder>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} fz={26}>
          E-mail verification
        </Title>
        {verify.isPending || verify.isIdle ? (
          <>
            <Loader />
            <Text c="dimmed">Confirming your e-mail address…</Text>
          </>
        ) : (
          <Text c="dimmed">{verify.isSuccess ? messages.verifyComplete : messages.verifyLinkExpired}</Text>
        )}
      </Stack>
      <ResultDialog opened={verify.isSuccess} kind="success" title={messages.verifyComplete} />
      <ResultDialog opened={verify.isError} kind="danger" title={messages.verifyLinkExpired}>
        {messages.verifyLinkExpiredDetail}
      </ResultDialog>
    </Paper>
  );
}
