import { Text } from '@mantine/core';
import { exportCalls } from '@pirouette/domain';
import { SectionCard } from '../../../components/section-card';
import { ArchiveButton } from './archive-button';

/**
 * A parent takes their own family's data (issue 35 item 6, decision 057): its people, dancers, classes,
 * statement and payments, as spreadsheets in one ZIP. On the parent's portal.
 */
export function FamilyDataCard() {
  return (
    <SectionCard
      title="Your family's data"
      description="Everything the studio keeps about your family, as spreadsheets in one ZIP file."
    >
      <Text size="sm">
        Your family, users and contacts, dancers, classes, statement and payments. Your card shows by brand
        and last four digits only: its number is never stored here.
      </Text>
      <ArchiveButton call={exportCalls.family} label="Download our data" variant="light" />
    </SectionCard>
  );
}
