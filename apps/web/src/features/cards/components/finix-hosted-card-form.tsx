import { Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Refusal } from '../../../components/money-modal';
import { isApiError } from '../../../lib/api-client';
import {
  type FinixCardForm,
  FinixError,
  finixSentences,
  loadFinixJs,
  submitFinixForm,
} from '../lib/finix-js';
import type { CardFormProps } from './card-form-props';

type Props = CardFormProps & {
  environment: 'sandbox' | 'live';
  applicationId: string;
  /** A card (by default) or a bank account (Finix.js's BankTokenForm, decision 067). */
  method?: 'card' | 'bank';
};

/** A sentence for the parent: the server's, Finix.js's, or the spec's for anything else. */
const sentenceOf = (e: unknown) =>
  isApiError(e) || e instanceof FinixError ? e.message : messages.unexpected;

/**
 * Finix's hosted card fields (Finix.js v1's CardTokenForm), loaded from Finix when the form opens. The
 * fields live in Finix's frames; our button submits them and Finix answers with a token. Each "Try
 * again" after a failed load mounts the fields afresh.
 */
export function FinixHostedCardForm(props: Props) {
  const [attempt, setAttempt] = useState(0);
  return <FinixFields key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}

function FinixFields({
  environment,
  applicationId,
  submitLabel,
  onToken,
  onCancel,
  cancelLabel = 'Cancel',
  onRetry,
  method = 'card',
}: Props & { onRetry: () => void }) {
  // Finix.js finds its mount point by id: letters, digits and dashes only.
  const elementId = `finix-card-form-${useId().replace(/[^A-Za-z0-9-]/g, '')}`;
  const form = useRef<FinixCardForm | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    loadFinixJs()
      .then((finix) => {
        if (!live) return;
        const options = { showAddress: false, showLabels: true };
        form.current =
          method === 'bank'
            ? finix.BankTokenForm(elementId, options)
            : finix.CardTokenForm(elementId, options);
        setState('ready');
      })
      .catch((e: unknown) => {
        if (!live) return;
        setError(e instanceof FinixError ? e.message : finixSentences.unavailable);
        setState('failed');
      });
    return () => {
      live = false;
      form.current = null;
      // The frames Finix.js put in the mount point go with the form.
      document.getElementById(elementId)?.replaceChildren();
    };
  }, [elementId, method]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.current || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onToken(await submitFinixForm(form.current, environment, applicationId));
    } catch (e) {
      setError(sentenceOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {state === 'loading' && (
          <Group gap="sm" aria-busy="true">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Loading the secure {method === 'bank' ? 'bank account' : 'card'} form…
            </Text>
          </Group>
        )}
        <Box id={elementId} mih={state === 'ready' ? 180 : 0} data-testid="finix-card-form" />
        {error && <Refusal testId="card-form-error">{error}</Refusal>}
        <Text size="xs" c="dimmed">
          {method === 'bank'
            ? "The account is typed into Finix's secure form: its numbers never reach the studio."
            : "The card is typed into Finix's secure form: its number never reaches the studio."}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          {state === 'failed' ? (
            <Button onClick={onRetry}>Try again</Button>
          ) : (
            <Button type="submit" loading={busy} disabled={state !== 'ready'}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
