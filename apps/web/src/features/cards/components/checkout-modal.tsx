import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type BankAccountOnFile,
  type CardOnFile,
  type CardPaymentAnswer,
  cardLabel,
  cardMessages,
  dollarsText,
  type FamilyMoney,
} from '@pirouette/domain';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconCircleCheck,
  IconClockHour4,
  IconLock,
  IconReceipt,
} from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MoneyModal, Refusal } from '../../../components/money-modal';
import { SectionLoadError } from '../../../components/section-load-error';
import { isApiError, isRefusedFor } from '../../../lib/api-client';
import { errorText, notifySuccess } from '../../../lib/notify';
import { newRequestId } from '../../../lib/request-id';
import { useBankOnFile } from '../api/bank';
import { useAuthorize, useCardOnFile, useParentMoney } from '../api/cards';
import { CardForm } from './card-form';
import { CardSummary } from './card-summary';
import { SurchargeLine, useCheckoutSurcharge } from './checkout-surcharge';

/** The parent's statement (parent-money's STATEMENT_PATH; not imported, the money card imports this). */
const STATEMENT_PATH = '/accounts/parents/statement';

/** What the checkout pays: the picked open items of the current bill, or the family's whole balance. */
export function amountOf(money: FamilyMoney, items: readonly string[]): number {
  if (items.length === 0) return money.balance;
  const picked = new Set(items);
  const cents = (money.current?.items ?? [])
    .filter((i) => picked.has(i.id))
    .reduce((sum, i) => sum + Math.round(i.open * 100), 0);
  return cents / 100;
}

/** Why the last press did not pay, as the parent reads it. */
type Problem = { kind: 'declined' | 'changed' | 'busy' | 'error'; text: string };

type Props = {
  onClose: () => void;
  /** Only these open items of the current bill; by default the whole balance. */
  items?: string[];
};

/** The two refusals the checkout treats apart from their status, told by the server's code (decision 053). */
const isInFlight = (error: unknown) => isRefusedFor(error, 'card_in_flight');
const isNoCard = (error: unknown) => isRefusedFor(error, 'no_card');

/**
 * The checkout's state and its two ways to pay: by the card on file (`pay`), or by a card the form just
 * tokenized (`payWithToken`). One request id per opening; a new one only after a decline.
 */
function useCheckout(items: string[]) {
  const money = useParentMoney();
  const cardQuery = useCardOnFile();
  const authorize = useAuthorize();
  const [requestId, setRequestId] = useState(newRequestId);
  // Another card pays this payment only, unless the parent asks to keep it (decision 038): kept by
  // default when there is no card on file, never in place of the card on file without asking.
  const [keepCard, setKeepCard] = useState<boolean | null>(null);
  // The amount shown is the amount sent: kept as first read, changed only when the server says it moved.
  const [amount, setAmount] = useState<number | null>(null);
  if (amount === null && money.data) setAmount(amountOf(money.data, items));
  const [choosing, setChoosing] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [result, setResult] = useState<CardPaymentAnswer | null>(null);
  // A second click lands before the button re-renders as busy: this stops it from sending twice.
  const sending = useRef(false);

  const card = cardQuery.data?.card ?? null;
  // A bank account as the family's method on file (decision 067): paid by it, no fee. Unreadable, the
  // checkout goes on by card.
  const bankQuery = useBankOnFile();
  const bank = card ? null : (bankQuery.data?.bank ?? null);
  const ready = cardQuery.data !== undefined && !bankQuery.isPending;
  // The card surcharge shown is the one sent (decision 069): the server refuses any other figure.
  const sur = useCheckoutSurcharge(cardQuery.data?.surcharge, amount);
  const showForm = !result && ready && (choosing || (card === null && bank === null));

  const refused = async (error: unknown) => {
    const text = errorText(error);
    const status = isApiError(error) ? error.status : 0;
    if (status === 402) {
      // That attempt is over: the next press, with this card or another, is a new one.
      setRequestId(newRequestId());
      setProblem({ kind: 'declined', text });
    } else if (status === 409 && isInFlight(error)) {
      setProblem({ kind: 'busy', text });
    } else if (status === 409) {
      setProblem({ kind: 'changed', text });
      if (sur.learn(error, false)) void cardQuery.refetch();
      const fresh = await money.refetch();
      if (fresh.data) setAmount(amountOf(fresh.data, items));
    } else if (status === 422 && isNoCard(error)) {
      setProblem({ kind: 'error', text });
      setChoosing(true);
    } else setProblem({ kind: 'error', text });
  };

  /** Pays with the card the form just tokenized; a refusal goes back to the form, which shows it. */
  const payWithToken = async (token: string) => {
    const tx = money.data?.current;
    if (!tx || amount === null) return;
    setProblem(null);
    try {
      const answer = await authorize.mutateAsync({
        params: { transID: tx.id },
        body: {
          balance: amount,
          items,
          requestId,
          token,
          saveCard: keepCard ?? card === null,
          ...sur.typed.sent,
        },
      });
      setResult(answer);
      if (answer.saved) notifySuccess(cardMessages.cardSaved);
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      // A declined or refused card: the next press is a new attempt, with another token.
      if (status === 402 || status === 429 || status === 422) setRequestId(newRequestId());
      if (status === 409 && sur.learn(error, true)) void cardQuery.refetch();
      if (status === 409 && !isInFlight(error)) {
        const fresh = await money.refetch();
        if (fresh.data) setAmount(amountOf(fresh.data, items));
      }
      throw error;
    }
  };

  const pay = () => {
    const tx = money.data?.current;
    if (sending.current || !tx || amount === null || amount <= 0) return;
    sending.current = true;
    setProblem(null);
    authorize.mutate(
      {
        params: { transID: tx.id },
        body: { balance: amount, items, requestId, ...sur.onFile.sent },
      },
      {
        onSuccess: setResult,
        onError: (error) => void refused(error),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return {
    money,
    cardQuery,
    ready,
    bank,
    card,
    amount,
    keepCard,
    setKeepCard,
    setChoosing,
    problem,
    setProblem,
    result,
    showForm,
    payWithToken,
    pay,
    paying: authorize.isPending,
    sur,
  };
}

type Checkout = ReturnType<typeof useCheckout>;

/** A card typed here: the amount, what went wrong, whether to keep the card, and the card form. */
function NewCardPayment({ c, picked, onClose }: { c: Checkout; picked: boolean; onClose: () => void }) {
  const { amount, card, problem } = c;
  if (amount === null || !c.cardQuery.data) return null;
  return (
    <Stack gap="md">
      <AmountBox amount={amount} picked={picked} />
      <SurchargeLine s={c.sur.typed} typed={!c.sur.typedKnown} />
      {problem && <Refusal testId="checkout-problem">{problem.text}</Refusal>}
      <Checkbox
        checked={c.keepCard ?? card === null}
        onChange={(e) => c.setKeepCard(e.currentTarget.checked)}
        label="Save this card for future payments and auto-pay"
        description={
          card
            ? `Once this payment goes through, it replaces ${cardLabel(card)} on file. Unticked, it pays this payment only.`
            : 'Once this payment goes through, it is kept on file. Unticked, it pays this payment only.'
        }
        data-testid="checkout-save-card"
      />
      <CardForm
        tokenizer={c.cardQuery.data.tokenizer}
        submitLabel={`Pay ${dollarsText(c.sur.typed.total)}`}
        cancelLabel={card ? 'Back' : 'Cancel'}
        onCancel={card ? () => c.setChoosing(false) : onClose}
        onToken={c.payWithToken}
      />
    </Stack>
  );
}

/** The card on file: the amount, the card (or another), what went wrong, and one Pay button. */
function CardOnFilePayment({
  c,
  card,
  amount,
  picked,
}: {
  c: Checkout;
  card: CardOnFile;
  amount: number;
  picked: boolean;
}) {
  const { problem } = c;
  const expired = card.expiry === 'expired';
  return (
    <Stack gap="md">
      <AmountBox amount={amount} picked={picked} changed={problem?.kind === 'changed'} />
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            Pay with
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              c.setProblem(null);
              c.setChoosing(true);
            }}
            disabled={c.paying}
          >
            Use another card
          </Anchor>
        </Group>
        <Paper withBorder radius="md" p="sm">
          <CardSummary card={card} compact />
        </Paper>
        <SurchargeLine s={c.sur.onFile} />
      </Stack>
      {expired && !problem && (
        <Refusal testId="checkout-problem">This card has expired: use another card to pay.</Refusal>
      )}
      {problem && <ProblemAlert problem={problem} />}
      <Button
        size="md"
        fullWidth
        leftSection={<IconLock size={16} />}
        loading={c.paying}
        disabled={expired}
        onClick={c.pay}
        data-testid="checkout-pay"
      >
        Pay {dollarsText(c.sur.onFile.total)}
      </Button>
    </Stack>
  );
}

/**
 * The bank account on file (decision 067): the amount, the account, no fee, that a bank payment takes a
 * few business days to clear (shown paid, pending, meanwhile), and one Pay button; or a card instead.
 */
function BankOnFilePayment({
  c,
  bank,
  amount,
  picked,
}: {
  c: Checkout;
  bank: BankAccountOnFile;
  amount: number;
  picked: boolean;
}) {
  const { problem } = c;
  return (
    <Stack gap="md">
      <AmountBox amount={amount} picked={picked} changed={problem?.kind === 'changed'} />
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            Pay with
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              c.setProblem(null);
              c.setChoosing(true);
            }}
            disabled={c.paying}
          >
            Pay by card instead
          </Anchor>
        </Group>
        <Paper withBorder radius="md" p="sm" data-testid="checkout-bank">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
              <IconBuildingBank size={20} />
            </ThemeIcon>
            <div>
              <Text fw={600}>
                {bank.bank} •••• {bank.last4}
              </Text>
              <Text size="sm" c="dimmed">
                {bank.accountType === 'SAVINGS' ? 'Savings' : 'Checking'} · no fee
              </Text>
            </div>
          </Group>
        </Paper>
        <Text size="sm" c="dimmed">
          A bank payment takes a few business days to clear: your balance shows it paid, pending, until then.
        </Text>
      </Stack>
      {problem && <ProblemAlert problem={problem} />}
      <Button
        size="md"
        fullWidth
        leftSection={<IconLock size={16} />}
        loading={c.paying}
        onClick={c.pay}
        data-testid="checkout-pay"
      >
        Pay {dollarsText(amount)}
      </Button>
    </Stack>
  );
}

/**
 * Pays by the card on file (issue 17, decision 028): the amount, the card (or the card form first when
 * there is none, or "Use another card"), and one Pay button. A card typed here pays this payment only;
 * it becomes the card on file once paid, and only when "Save this card" is ticked (decision 038). One request id per opening, so a double
 * click or a retry charges once; a new one only after a decline, when the next press is a new attempt.
 * A decline is said in red and the dialog stays for another card; a changed balance is read again and
 * shown; a payment not yet confirmed is said calmly.
 */
export function CheckoutModal({ onClose, items = [] }: Props) {
  const c = useCheckout(items);
  const { money, cardQuery, amount, result, card, bank, showForm } = c;

  let body: ReactNode;
  if (money.isError) body = <SectionLoadError error={money.error} onRetry={() => money.refetch()} />;
  else if (cardQuery.isError)
    body = <SectionLoadError error={cardQuery.error} onRetry={() => cardQuery.refetch()} />;
  else if (amount === null || !cardQuery.data || !c.ready)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the checkout">
        <Skeleton h={80} />
        <Skeleton h={56} />
        <Skeleton h={42} />
      </Stack>
    );
  else if (result) body = <Outcome result={result} onClose={onClose} />;
  else if (showForm) body = <NewCardPayment c={c} picked={items.length > 0} onClose={onClose} />;
  else if (amount <= 0)
    body = (
      <Stack gap="md">
        <Text>Nothing to pay: your balance is {dollarsText(money.data?.balance ?? 0)}.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  else if (card) body = <CardOnFilePayment c={c} card={card} amount={amount} picked={items.length > 0} />;
  else if (bank) body = <BankOnFilePayment c={c} bank={bank} amount={amount} picked={items.length > 0} />;

  return (
    <MoneyModal
      title={bank && !showForm ? 'Pay by bank account' : 'Pay by card'}
      onClose={onClose}
      long={showForm}
    >
      {body}
    </MoneyModal>
  );
}

function AmountBox({
  amount,
  picked,
  changed = false,
}: {
  amount: number;
  picked: boolean;
  changed?: boolean;
}) {
  return (
    <Paper bg={changed ? 'orange.0' : 'gray.0'} radius="md" px="md" py="sm">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {picked ? 'Amount of the picked charges' : 'Amount to pay'}
      </Text>
      <Text fw={700} fz={28} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="checkout-amount">
        {dollarsText(amount)}
      </Text>
      {!picked && (
        <Text size="sm" c="dimmed">
          Your family's balance
        </Text>
      )}
    </Paper>
  );
}

function ProblemAlert({ problem }: { problem: Problem }) {
  if (problem.kind === 'declined' || problem.kind === 'error')
    return (
      <Refusal testId="checkout-problem">
        <Stack gap={2}>
          <Text size="sm" c="red.8" fw={600}>
            {problem.text}
          </Text>
          {problem.kind === 'declined' && (
            <Text size="sm">Nothing was charged. Try again, or use another card.</Text>
          )}
        </Stack>
      </Refusal>
    );
  return (
    <Alert
      color={problem.kind === 'changed' ? 'orange' : 'blue'}
      variant="light"
      icon={problem.kind === 'changed' ? <IconAlertTriangle size={18} /> : <IconClockHour4 size={18} />}
      data-testid="checkout-problem"
    >
      {problem.kind === 'changed' ? `${problem.text} Check the new amount, then pay.` : problem.text}
    </Alert>
  );
}

/** After the press: paid, or on its way (pending at the processor, or its answer not heard yet). */
function Outcome({ result, onClose }: { result: CardPaymentAnswer; onClose: () => void }) {
  const paid = result.state === 'succeeded';
  return (
    <Stack gap="md" align="center" ta="center" py="xs" data-testid={`checkout-${result.state}`}>
      <ThemeIcon size={56} radius="xl" variant="light" color={paid ? 'teal' : 'blue'}>
        {paid ? <IconCircleCheck size={32} stroke={1.6} /> : <IconClockHour4 size={32} stroke={1.6} />}
      </ThemeIcon>
      <Title order={3} fz="lg">
        {paid ? 'Payment received' : 'Payment on its way'}
      </Title>
      <Text maw={420}>{result.msg}</Text>
      <Text size="sm" c="dimmed">
        {dollarsText(result.amount)} · {result.card}
      </Text>
      <Group justify="center" gap="sm" mt="xs">
        <Button
          component={Link}
          to={STATEMENT_PATH}
          variant="light"
          leftSection={<IconReceipt size={16} />}
          onClick={onClose}
        >
          {paid ? 'View receipt / statement' : 'View statement'}
        </Button>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
