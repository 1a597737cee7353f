import { Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { type CardOnFile, cardLabel } from '@pirouette/domain';
import { IconCreditCard } from '@tabler/icons-react';
import { expiryText } from '../lib/card-input';

/** The card's standing, when it calls for attention: yellow a month ahead, red once it has expired. */
export function ExpiryBadge({ expiry }: { expiry: CardOnFile['expiry'] }) {
  if (expiry === 'ok') return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color={expiry === 'expired' ? 'red' : 'yellow'}
      data-testid="card-expiry-badge"
    >
      {expiry === 'expired' ? 'Expired' : 'Expires soon'}
    </Badge>
  );
}

/**
 * A card on file at a glance: brand and last four, its expiry (flagged when soon or past), the name on
 * it, and, unless `compact`, who added it and when. Never more of the number than the processor gives.
 */
export function CardSummary({ card, compact = false }: { card: CardOnFile; compact?: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="card-summary">
      <ThemeIcon
        variant="light"
        radius="md"
        size={compact ? 'md' : 'lg'}
        color={card.expiry === 'expired' ? 'red' : undefined}
      >
        <IconCreditCard size={compact ? 16 : 20} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="wrap">
          <Text
            fw={600}
            size={compact ? 'sm' : 'md'}
            data-testid="card-label"
            style={{ whiteSpace: 'nowrap' }}
          >
            {cardLabel(card)}
          </Text>
          <ExpiryBadge expiry={card.expiry} />
        </Group>
        <Text size="sm" c={card.expiry === 'expired' ? 'red.8' : 'dimmed'} data-testid="card-expiry">
          {card.expiry === 'expired' ? 'Expired' : 'Expires'} {expiryText(card)}
          {card.name ? ` · ${card.name}` : ''}
        </Text>
        {!compact && (
          <Text size="xs" c="dimmed" data-testid="card-added">
            Added {card.addedOn}
            {card.addedBy ? ` by ${card.addedBy}` : ''}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
