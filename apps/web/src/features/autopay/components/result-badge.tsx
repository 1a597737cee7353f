import { Badge, type BadgeProps } from '@mantine/core';
import { resultLook } from '../lib/run-labels';

/** An automatic charge's result: charged green, declined red, processing blue, skipped gray. */
export function ResultBadge({ result, ...props }: { result: string } & BadgeProps) {
  const look = resultLook(result);
  return (
    // The label never shrinks to an ellipsis: a narrow column widens to fit it.
    <Badge
      color={look.color}
      variant="light"
      radius="sm"
      styles={{ label: { overflow: 'visible' } }}
      {...props}
    >
      {look.label}
    </Badge>
  );
}

/** A card that expires before or soon after its charge: yellow a month ahead, red once expired. */
export function CardExpiryBadge({ expiry }: { expiry: string }) {
  if (expiry !== 'soon' && expiry !== 'expired') return null;
  return (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      color={expiry === 'expired' ? 'red' : 'yellow'}
      styles={{ label: { overflow: 'visible' } }}
    >
      {expiry === 'expired' ? 'Expired' : 'Expires soon'}
    </Badge>
  );
}
