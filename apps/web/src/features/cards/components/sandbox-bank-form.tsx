import {
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { accountNumberValid, bankMessages, messages, routingNumberValid } from '@pirouette/domain';
import { IconFlask, IconLock } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { Refusal } from '../../../components/money-modal';
import { isApiError } from '../../../lib/api-client';
import { tokenizeSandboxBank } from '../lib/sandbox-bank-tokenizer';

/** The sandbox's test accounts (apps/api sandbox/finix/engine-bank.ts) and what their debits do. */
export const TEST_BANK_ACCOUNTS = [
  { number: '000123456789', does: 'Clears in 2 business days' },
  { number: '000222222227', does: 'Returned: insufficient funds (R01)' },
  { number: '000222222235', does: 'Returned: uncollected funds (R09)' },
  { number: '000111111113', does: 'Returned: account closed (R02)' },
  { number: '000111111116', does: 'Returned: no account (R03)' },
  { number: '000111111124', does: 'Returned: invalid account number (R04)' },
  { number: '000444444440', does: 'Returned: not authorized, business (R29)' },
  { number: '000333333335', does: 'Clears, then returned late: not authorized (R10)' },
  { number: '000333333343', does: 'Clears, then returned late: authorization revoked (R07)' },
  { number: '000555555550', does: 'Returned (R01) the first time, clears when presented again' },
] as const;

type Values = { name: string; routing: string; account: string; type: 'CHECKING' | 'SAVINGS' };
type Errors = Partial<Record<'name' | 'routing' | 'account' | 'accepted', string>>;

function check(v: Values, accepted: boolean): Errors {
  const errors: Errors = {};
  if (!v.name.trim()) errors.name = 'Enter the name on the account.';
  if (!routingNumberValid(v.routing.trim())) errors.routing = bankMessages.routing;
  if (!accountNumberValid(v.account)) errors.account = bankMessages.account;
  if (!accepted) errors.accepted = bankMessages.notAccepted;
  return errors;
}

/**
 * The sandbox's stand-in for Finix.js's bank form, with the debit authorization in full and its box to
 * tick: the numbers go to the simulated processor's token endpoint; only the token goes on.
 */
export function SandboxBankForm({
  tokenUrl,
  mandate,
  onToken,
  onCancel,
}: {
  tokenUrl: string;
  mandate: string;
  onToken: (token: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>({ name: '', routing: '', account: '', type: 'CHECKING' });
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (next: Values, ok = accepted) => {
    setValues(next);
    if (tried) setErrors(check(next, ok));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    setRefusal(null);
    const found = check(values, accepted);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const token = await tokenizeSandboxBank(tokenUrl, {
        name: values.name.trim(),
        routingNumber: values.routing.trim(),
        accountNumber: values.account.replace(/[\s-]/g, ''),
        accountType: values.type,
      });
      await onToken(token);
    } catch (e) {
      setRefusal(isApiError(e) ? e.message : messages.unexpected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Bank account details">
      <Stack gap="sm">
        <TestAccounts
          onPick={(account) => set({ ...values, account, routing: values.routing || '110000000' })}
        />
        <TextInput
          label="Name on the account"
          autoComplete="name"
          maxLength={120}
          value={values.name}
          onChange={(e) => set({ ...values, name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label="Routing number"
            placeholder="9 digits"
            inputMode="numeric"
            maxLength={9}
            value={values.routing}
            onChange={(e) => set({ ...values, routing: e.currentTarget.value.replace(/\D/g, '') })}
            error={errors.routing}
          />
          <TextInput
            label="Account number"
            inputMode="numeric"
            maxLength={20}
            value={values.account}
            onChange={(e) => set({ ...values, account: e.currentTarget.value.replace(/[^\d\s-]/g, '') })}
            error={errors.account}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="bank-type-label">
            Account type
          </Text>
          <SegmentedControl
            aria-labelledby="bank-type-label"
            value={values.type}
            onChange={(type) => set({ ...values, type: type as Values['type'] })}
            data={[
              { value: 'CHECKING', label: 'Checking' },
              { value: 'SAVINGS', label: 'Savings' },
            ]}
          />
        </Stack>
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
          onChange={(e) => {
            setAccepted(e.currentTarget.checked);
            if (tried) setErrors(check(values, e.currentTarget.checked));
          }}
          error={errors.accepted}
        />
        {refusal && <Refusal testId="bank-form-error">{refusal}</Refusal>}
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconLock
            size={14}
            stroke={1.6}
            color="var(--mantine-color-dimmed)"
            aria-hidden
            style={{ flexShrink: 0, marginTop: 3 }}
          />
          <Text size="xs" c="dimmed">
            The numbers go to the payment processor, not to the studio: the studio sees the account's last
            four digits only. Bank debits have no fee.
          </Text>
        </Group>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save bank account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The sandbox's test accounts, folded; one picked fills the form. */
function TestAccounts({ onPick }: { onPick: (account: string) => void }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Paper bg="gray.0" radius="md" px="sm" py={8} data-testid="sandbox-bank-notice">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <IconFlask size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="xs" c="dimmed">
            Sandbox — no real money moves
          </Text>
        </Group>
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={listId}
        >
          {open ? 'Hide test accounts' : 'Test accounts'}
        </Anchor>
      </Group>
      <Collapse in={open} id={listId}>
        <Stack gap={6} pt="xs">
          <Table verticalSpacing={2} horizontalSpacing="xs" fz="xs">
            <Table.Tbody>
              {TEST_BANK_ACCOUNTS.map((a) => (
                <Table.Tr key={a.number}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      fz="xs"
                      ff="monospace"
                      onClick={() => onPick(a.number)}
                      aria-label={`Use the test account ${a.number} (${a.does.toLowerCase()})`}
                    >
                      {a.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td c="dimmed">{a.does}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            Any routing number with a valid check digit, such as 110000000 or 021000021.
          </Text>
        </Stack>
      </Collapse>
    </Paper>
  );
}
