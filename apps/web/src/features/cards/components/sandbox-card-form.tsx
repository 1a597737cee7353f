import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@pirouette/domain';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Refusal } from '../../../components/money-modal';
import { isApiError } from '../../../lib/api-client';
import {
  type CardErrors,
  type CardValues,
  checkCard,
  emptyCard,
  formatCardNumber,
  formatExpiry,
  thisMonth,
  tokenRequestOf,
} from '../lib/card-input';
import { tokenizeSandboxCard } from '../lib/sandbox-tokenizer';
import type { CardFormProps } from './card-form-props';
import { SandboxNotice } from './sandbox-notice';

/**
 * The sandbox's stand-in for Finix's hosted fields: number (in groups of four as typed), expiry, CVC,
 * name and ZIP, checked here first (Luhn, a future expiry) in sentences, then posted to the simulated
 * processor's token endpoint. Only the token goes on to `onToken`.
 */
export function SandboxCardForm({
  tokenUrl,
  submitLabel,
  onToken,
  onCancel,
  cancelLabel = 'Cancel',
}: CardFormProps & { tokenUrl: string }) {
  const [values, setValues] = useState<CardValues>(emptyCard);
  const [errors, setErrors] = useState<CardErrors>({});
  // Errors are said once the parent has tried to send; from then on they follow the typing.
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof CardValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(checkCard(next, thisMonth()));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    setRefusal(null);
    const found = checkCard(values, thisMonth());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const token = await tokenizeSandboxCard(tokenUrl, tokenRequestOf(values));
      await onToken(token);
    } catch (e) {
      setRefusal(isApiError(e) ? e.message : messages.unexpected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Card details">
      <Stack gap="sm">
        <SandboxNotice onPick={(number) => set('number', formatCardNumber(number))} />
        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          leftSection={<IconCreditCard size={18} stroke={1.6} />}
          value={values.number}
          onChange={(e) => set('number', formatCardNumber(e.currentTarget.value))}
          error={errors.number}
          data-autofocus
          styles={{ input: { fontVariantNumeric: 'tabular-nums', letterSpacing: '0.04em' } }}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Expiry"
            placeholder="MM/YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            value={values.expiry}
            onChange={(e) => set('expiry', formatExpiry(e.currentTarget.value))}
            error={errors.expiry}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={values.cvc}
            onChange={(e) => set('cvc', e.currentTarget.value.replace(/\D/g, ''))}
            error={errors.cvc}
          />
        </SimpleGrid>
        <TextInput
          label="Name on card"
          autoComplete="cc-name"
          maxLength={120}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="ZIP code"
          placeholder="12345"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          w={{ base: '100%', xs: '50%' }}
          value={values.zip}
          onChange={(e) => set('zip', e.currentTarget.value)}
          error={errors.zip}
        />
        {refusal && <Refusal testId="card-form-error">{refusal}</Refusal>}
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconLock
            size={14}
            stroke={1.6}
            color="var(--mantine-color-dimmed)"
            aria-hidden
            style={{ flexShrink: 0, marginTop: 3 }}
          />
          <Text size="xs" c="dimmed">
            The card goes to the card processor, not to the studio: the studio sees its brand, last four
            digits and expiry only.
          </Text>
        </Group>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
