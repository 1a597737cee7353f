import { Button, Checkbox, Group, Paper, ScrollArea, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { bankMessages } from '@pirouette/domain';
import { IconBuildingBank, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { MoneyModal } from '../../../components/money-modal';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { notifyResult, notifySuccess } from '../../../lib/notify';
import { useBankOnFile, useRemoveBank, useSaveBank } from '../api/bank';
import { FinixError } from '../lib/finix-js';
import type { Tokenizer } from './card-form-props';
import { FinixHostedCardForm } from './finix-hosted-card-form';
import { SandboxBankForm } from './sandbox-bank-form';

/**
 * The family's bank account on the portal (issue 37, decision 067), beside the card: its bank, last
 * four, type and when the debit authorization was accepted; remove it; or, with none, add one through
 * the processor's bank form with the authorization's words in full.
 */
export function BankAccountCard() {
  const query = useBankOnFile();
  const remove = useRemoveBank();
  const save = useSaveBank();
  const [adding, setAdding] = useState(false);
  if (query.data && !query.data.takesBank) return null;
  const bank = query.data?.bank ?? null;

  let body: ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading your bank account">
        <Skeleton h={20} w="60%" />
      </Stack>
    );
  else if (query.isError) body = <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  else if (!bank)
    body = (
      <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="no-bank">
        <ThemeIcon variant="light" color="gray" radius="md" size="lg">
          <IconBuildingBank size={20} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={6} miw={0} align="flex-start">
          <Text fw={600}>Pay by bank debit</Text>
          <Text size="sm" c="dimmed">
            No fee. A debit takes a few business days to clear; your balance shows it as paid meanwhile.
          </Text>
          <Button
            variant="light"
            leftSection={<IconBuildingBank size={16} />}
            onClick={() => setAdding(true)}
            mt={4}
          >
            Add a bank account
          </Button>
        </Stack>
      </Group>
    );
  else
    body = (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" data-testid="bank-on-file">
          <ThemeIcon variant="light" radius="md" size="lg">
            <IconBuildingBank size={20} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Text fw={600}>
              {bank.bank} •••• {bank.last4}
            </Text>
            <Text size="sm" c="dimmed">
              {bank.accountType === 'SAVINGS' ? 'Savings' : 'Checking'} · debits authorized{' '}
              {bank.authorizedOn} by {bank.addedBy}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => remove.mutate({}, notifyResult())}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    );

  return (
    <SectionCard
      title="Bank account"
      description="Debited when you pay online, at no fee."
      data-testid="bank-account-card"
    >
      {body}
      {adding && query.data && (
        <MoneyModal title="Add a bank account" onClose={() => setAdding(false)} long>
          {query.data.tokenizer.kind === 'sandbox' ? (
            <SandboxBankForm
              tokenUrl={query.data.tokenizer.tokenUrl}
              mandate={query.data.mandate.text}
              onCancel={() => setAdding(false)}
              onToken={async (token) => {
                const saved = await save.mutateAsync({
                  body: { token, mandateVersion: query.data.mandate.version, mandateAccepted: true },
                });
                notifySuccess(saved.msg);
                setAdding(false);
              }}
            />
          ) : (
            <FinixBankForm
              tokenizer={query.data.tokenizer}
              mandate={query.data.mandate.text}
              onCancel={() => setAdding(false)}
              onToken={async (token) => {
                const saved = await save.mutateAsync({
                  body: { token, mandateVersion: query.data.mandate.version, mandateAccepted: true },
                });
                notifySuccess(saved.msg);
                setAdding(false);
              }}
            />
          )}
        </MoneyModal>
      )}
    </SectionCard>
  );
}

/**
 * The live processor's bank form (decision 067): the debit authorization to read and accept, then
 * Finix.js's hosted bank fields; the token is saved only once the authorization is accepted.
 */
function FinixBankForm({
  tokenizer,
  mandate,
  onCancel,
  onToken,
}: {
  tokenizer: Extract<Tokenizer, { kind: 'finix' }>;
  mandate: string;
  onCancel: () => void;
  onToken: (token: string) => Promise<unknown>;
}) {
  const [accepted, setAccepted] = useState(false);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm" data-testid="bank-mandate">
        <Text size="sm" fw={600} mb={4}>
          Debit authorization
        </Text>
        <ScrollArea.Autosize mah={140} type="auto">
          <Text size="sm">{mandate}</Text>
        </ScrollArea.Autosize>
      </Paper>
      <Checkbox
        label="I have read and accept this debit authorization"
        checked={accepted}
        onChange={(e) => setAccepted(e.currentTarget.checked)}
      />
      <FinixHostedCardForm
        method="bank"
        environment={tokenizer.environment}
        applicationId={tokenizer.applicationId}
        submitLabel="Save bank account"
        onCancel={onCancel}
        onToken={async (token) => {
          if (!accepted) throw new FinixError(bankMessages.notAccepted);
          return onToken(token);
        }}
      />
    </Stack>
  );
}
