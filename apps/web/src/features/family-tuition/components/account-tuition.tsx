import { Button } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { adminHref } from '../../../app/paths/admin-sections';
import { useOwnerFamilyTuition } from '../api/family-tuition';
import { TuitionSection } from './tuition-section';

/** The owner's view of one family's tuition, on its account overview. */
export function AccountTuition({ accountId }: { accountId: string }) {
  const tuition = useOwnerFamilyTuition(accountId);
  return (
    <TuitionSection
      query={tuition}
      audience="owner"
      pendingAction={
        <Button
          component={Link}
          to={adminHref('registrations/pending')}
          size="compact-sm"
          variant="white"
          color="yellow.9"
          leftSection={<IconChecklist size={14} />}
          w="fit-content"
        >
          Review in Approvals
        </Button>
      }
    />
  );
}
