import { Alert } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';

/**
 * What a family is told when the studio takes no card yet (its merchant account is not approved,
 * decision 049): no card form, and the studio's other ways to pay, plainly.
 */
export function NoCardsNotice({ notice }: { notice: string | null }) {
  return (
    <Alert variant="light" color="blue" icon={<IconBuildingBank size={18} />} data-testid="no-cards-notice">
      {notice ?? 'The studio does not take card payments online yet: please pay the studio by check or cash.'}
    </Alert>
  );
}
