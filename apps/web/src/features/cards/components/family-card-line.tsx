import { Anchor, Button, Group, Skeleton, Text } from '@mantine/core';
import { cardLabel } from '@pirouette/domain';
import { IconCreditCard } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { notifyResult } from '../../../lib/notify';
import { useFamilyCard, useRemoveFamilyCard } from '../api/cards';
import { expiryText } from '../lib/card-input';
import { ExpiryBadge } from './card-summary';
import { RemoveCardDialog } from './remove-card-dialog';

/**
 * The family's card on file on the owner's money panel (issue 17), in one line: brand and last four,
 * expiry, flagged when soon or past; the owner may remove it. Never more of the number than that.
 */
export function FamilyCardLine({ accountId }: { accountId: string }) {
  const query = useFamilyCard(accountId);
  const remove = useRemoveFamilyCard(accountId);
  const [confirming, setConfirming] = useState(false);
  const card = query.data?.card ?? null;

  let line: ReactNode;
  if (query.isPending) line = <Skeleton h={20} w={220} aria-label="Loading the card on file" />;
  else if (query.isError)
    line = (
      <Text size="sm" c="dimmed">
        The card on file could not be read.{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => query.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  else if (!card)
    line = (
      <Text size="sm" c="dimmed" data-testid="family-card-none">
        No card on file
      </Text>
    );
  else
    line = (
      <Group gap={6} wrap="wrap" miw={0} data-testid="family-card">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {cardLabel(card)}
        </Text>
        <Text size="sm" c={card.expiry === 'expired' ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          exp. {expiryText(card)}
        </Text>
        <ExpiryBadge expiry={card.expiry} />
      </Group>
    );

  const cardLine = (
    <Group justify="space-between" gap="xs" wrap="nowrap" mih={28} aria-label="Card on file" role="group">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <IconCreditCard
          size={18}
          stroke={1.6}
          color="var(--mantine-color-dimmed)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
        {card && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
            Card on file
          </Text>
        )}
        {line}
      </Group>
      {card && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => setConfirming(true)}
          aria-label={`Remove ${cardLabel(card)}`}
          style={{ flexShrink: 0 }}
        >
          Remove
        </Button>
      )}
      {card && (
        <RemoveCardDialog
          card={card}
          opened={confirming}
          loading={remove.isPending}
          whose="the family's"
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(
              { params: { id: accountId } },
              notifyResult(() => setConfirming(false)),
            )
          }
        />
      )}
    </Group>
  );
  const backup = query.data?.backup ?? null;
  return (
    <>
      {cardLine}
      {backup && (
        <Group gap={6} wrap="wrap" miw={0} pl={26} data-testid="family-backup-card">
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Backup
          </Text>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {cardLabel(backup)}
          </Text>
          <Text
            size="sm"
            c={backup.expiry === 'expired' ? 'red.8' : 'dimmed'}
            style={{ whiteSpace: 'nowrap' }}
          >
            exp. {expiryText(backup)}, agreed {backup.consentOn}
          </Text>
          <ExpiryBadge expiry={backup.expiry} />
        </Group>
      )}
    </>
  );
}
