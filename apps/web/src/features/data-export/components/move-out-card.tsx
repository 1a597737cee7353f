import { List, Stack, Text } from '@mantine/core';
import { exportCalls } from '@pirouette/domain';
import { SectionCard } from '../../../components/section-card';
import { ArchiveButton } from './archive-button';

/**
 * Moving out (issue 35 item 6, decision 057): the owner takes the studio's whole data in one click, as
 * files a person opens and one a new Pirouette studio imports back. On Studio settings → Your data.
 */
export function MoveOutCard() {
  return (
    <SectionCard
      title="Move out: export everything"
      description="Your studio's data is yours. Download all of it at any time, as one ZIP archive."
    >
      <Stack gap="xs">
        <Text size="sm">The archive holds:</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            A spreadsheet (CSV) for each of families, contacts, dancers, classes, enrolments, the ledger's
            entries, payments, costume orders and competition entries, which Excel, Numbers or Google Sheets
            open.
          </List.Item>
          <List.Item>
            pirouette.json, the whole studio in one file, which a new Pirouette studio imports back: its
            families, dancers, classes, enrolments and balances.
          </List.Item>
          <List.Item>
            Which cards are on file, by brand and last four digits. Card numbers never leave the card
            processor, so they are not in the archive.
          </List.Item>
        </List>
      </Stack>
      <ArchiveButton call={exportCalls.studio} label="Download everything" />
    </SectionCard>
  );
}
