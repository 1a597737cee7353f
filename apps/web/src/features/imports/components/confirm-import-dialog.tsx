import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { centsText, countOf, type ImportBatch } from '@pirouette/domain';
import { sumOf, writesText } from '../lib/words';

type Props = {
  batch: ImportBatch | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/** Before the import: what it writes, in one go, what it leaves out, and that nobody is e-mailed. */
export function ConfirmImportDialog({ batch, busy, onClose, onConfirm }: Props) {
  const refused = batch ? sumOf(batch.totals, 'refused') : 0;
  const skipped = batch ? sumOf(batch.totals, 'skipped') : 0;
  return (
    <Modal opened={batch !== null} onClose={onClose} title="Import now?" centered>
      {batch && (
        <Stack gap="md">
          <Text>
            Pirouette writes everything from {batch.sourceName} in one go: {writesText(batch.totals)}.
          </Text>
          <List size="sm" spacing={4}>
            {batch.balances.families > 0 && (
              <List.Item>
                Opening balances for {countOf(batch.balances.families, 'family', 'families')}:{' '}
                {centsText(batch.balances.owed)} owed, {centsText(Math.abs(batch.balances.credit))} in
                credits.
              </List.Item>
            )}
            {refused + skipped > 0 && (
              <List.Item>
                {countOf(refused + skipped, 'row is', 'rows are')} left out (refused or skipped).
              </List.Item>
            )}
            <List.Item>If one row fails while writing, nothing at all is written.</List.Item>
            <List.Item>No e-mail goes to the families: you invite them when you are ready.</List.Item>
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={onConfirm} loading={busy}>
              Import now
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
