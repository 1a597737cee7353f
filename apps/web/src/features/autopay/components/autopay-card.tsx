import { Alert, Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { type AutopayAnswer, dollarsText, formatDateOnly } from '@pirouette/domain';
import { IconPlayerPause } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { dialogStyles } from '../../../components/dialog-styles';
import { LazyModal, lazyDialog } from '../../../components/lazy-dialog';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { isApiError } from '../../../lib/api-client';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify';
import { useCardOnFile } from '../../cards/api/cards';
import { useAutopayFollowsCard, useFamilyAutopay, useSetFamilyAutopay } from '../api/autopay';

// The consent to automatic payments is loaded when a parent turns them on.
const AutopayConsentModal = lazyDialog(() =>
  import('./autopay-consent-modal').then((m) => m.AutopayConsentModal),
);

type Dialog = 'consent' | 'off' | null;

/**
 * The family's automatic payments on the portal (issue 17 point 5): on or off, with the authorization
 * read and agreed to before it is on, a confirmation before it is off; paused by the studio, the next
 * charge, and who agreed when. Without a card on file it cannot be turned on.
 */
export function AutopayCard() {
  const query = useFamilyAutopay();
  const set = useSetFamilyAutopay();
  const [dialog, setDialog] = useState<Dialog>(null);
  // Set when the server said the authorization changed: the parent reads the new words again.
  const [notice, setNotice] = useState<string | null>(null);
  useAutopayFollowsCard();
  // A studio without a merchant account takes no card (decision 049): the payment method card says so,
  // and there is nothing to charge automatically.
  const takesCards = useCardOnFile().data?.takesCards !== false;

  const openConsent = () => {
    setNotice(null);
    setDialog('consent');
  };
  const authorize = (termsVersion: string) =>
    set.mutate(
      { body: { on: true, termsVersion } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          setDialog(null);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            setNotice(error.message);
            void query.refetch();
          } else setNotice(errorText(error));
        },
      },
    );
  const turnOff = () =>
    set.mutate(
      { body: { on: false } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          setDialog(null);
        },
        onError: (error) => {
          notifyError(error);
          setDialog(null);
        },
      },
    );

  let body: ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading automatic payments">
        <Skeleton h={24} w="50%" />
        <Skeleton h={16} w="70%" />
      </Stack>
    );
  else if (query.isError) body = <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  else
    body = (
      <AutopayState
        autopay={query.data}
        busy={set.isPending}
        onSwitch={() => (query.data.on ? setDialog('off') : openConsent())}
      />
    );

  if (!takesCards) return null;
  return (
    <SectionCard
      title="Automatic payments"
      description="Have your card on file charged on each due date, so nothing is paid late."
      data-testid="autopay-card"
    >
      {body}
      <AutopayConsentModal
        opened={dialog === 'consent'}
        terms={query.isFetching && notice ? null : (query.data?.terms ?? null)}
        notice={notice}
        loading={set.isPending}
        onAuthorize={authorize}
        onClose={() => setDialog(null)}
      />
      <LazyModal
        opened={dialog === 'off'}
        onClose={set.isPending ? () => {} : () => setDialog(null)}
        title="Turn off automatic payments?"
        styles={dialogStyles}
        centered
        radius="lg"
      >
        <Stack gap="lg">
          <Text>
            Your card is no longer charged on due dates: pay your balance from this page when you are ready.
            You can turn automatic payments on again at any time.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} disabled={set.isPending}>
              Keep them on
            </Button>
            <Button color="red" onClick={turnOff} loading={set.isPending} data-autofocus>
              Turn off
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </SectionCard>
  );
}

function AutopayState({
  autopay,
  busy,
  onSwitch,
}: {
  autopay: AutopayAnswer;
  busy: boolean;
  onSwitch: () => void;
}) {
  const noCard = autopay.terms === null && !autopay.on;
  return (
    <Stack gap="sm">
      <Switch
        checked={autopay.on}
        onChange={onSwitch}
        disabled={noCard || busy}
        size="md"
        label={autopay.on ? 'On' : 'Off'}
        description={noCard ? 'Add a card first: automatic payments charge the card on file.' : undefined}
        aria-label="Automatic payments"
        data-testid="autopay-switch"
      />
      {autopay.on && autopay.paused && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconPlayerPause size={18} />}
          title={autopay.pausedFor === 'dispute' ? 'Paused after a disputed payment' : 'Paused by the studio'}
          data-testid="autopay-paused"
        >
          {autopay.pausedFor === 'dispute'
            ? 'A card payment was disputed with your bank, so nothing is charged automatically until the studio resumes them; your authorization stands.'
            : 'Nothing is charged automatically until the studio resumes them; your authorization stands.'}
        </Alert>
      )}
      {autopay.on && !autopay.paused && <NextCharge next={autopay.next} />}
      {autopay.on && autopay.consentedOn && (
        <Text size="xs" c="dimmed" data-testid="autopay-consent">
          Authorized on {autopay.consentedOn}
          {autopay.consentedBy ? ` by ${autopay.consentedBy}` : ''}
        </Text>
      )}
      {!autopay.on && !noCard && (
        <Text size="sm" c="dimmed">
          You pay your balance yourself, when you are ready.
        </Text>
      )}
    </Stack>
  );
}

function NextCharge({ next }: { next: AutopayAnswer['next'] }) {
  if (!next)
    return (
      <Text size="sm" c="dimmed" data-testid="autopay-next">
        No charge is coming up: nothing is due yet.
      </Text>
    );
  return (
    <Text size="sm" data-testid="autopay-next">
      Next charge: <b>{formatDateOnly(next.on)}</b>, {dollarsText(next.amount)} as your balance stands today.
    </Text>
  );
}
