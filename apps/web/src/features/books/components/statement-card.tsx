import { Group, Stack, Text } from '@mantine/core';
import { ledgerCalls } from '@pirouette/domain';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { downloadFile } from '../../../lib/download-file';
import { FamilySelect } from '../../money-pages/components/family-select';
import { type Period, periodProblem, yearSoFar } from '../lib/books';
import { DownloadButton } from './download-button';
import { PeriodFields } from './period-fields';

/**
 * A family's statement over any period (issue 34 item 4), as CSV: the opening balance, each charge and
 * payment with the balance after it, the closing balance and the credit held. The year so far by default.
 */
export function StatementCard({ today }: { today: string }) {
  const [family, setFamily] = useState<{ id: string; name: string | null } | null>(null);
  const [period, setPeriod] = useState<Period>(() => yearSoFar(today));
  const [shown, setShown] = useState(false);
  const problem = periodProblem(period);

  return (
    <SectionCard
      title="Family statement"
      description="One family’s charges and payments over any period (at most 3 years), with the balance after each."
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Family
          </Text>
          <FamilySelect
            value={family?.id ?? null}
            knownName={family?.name ?? null}
            placeholder="Search a family"
            onChange={(id, label) => setFamily(id ? { id, name: label } : null)}
          />
        </Stack>
        <PeriodFields
          label="Statement period"
          value={period}
          error={shown ? problem : null}
          onChange={(next) => {
            setPeriod(next);
            setShown(false);
          }}
        />
        <Group>
          <DownloadButton
            label="Download statement CSV"
            disabled={family === null}
            blocked={problem !== null}
            onBlocked={() => setShown(true)}
            download={() =>
              downloadFile(ledgerCalls.familyStatementCsv, { params: { id: family!.id }, query: period })
            }
          />
        </Group>
      </Stack>
    </SectionCard>
  );
}
