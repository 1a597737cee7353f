import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ImportBatch } from '@pirouette/domain';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { studioDateTime } from '../../../lib/format';
import { BalancesFigures } from './balances-figures';
import { TotalsGrid } from './totals-grid';

type Props = {
  batch: ImportBatch;
  timeZone?: string;
  invitationsHref: string;
  accountsHref: string;
  onStartOver: () => void;
};

/** After the import: what was written, and the next step, inviting the families. */
export function ImportResult({ batch, timeZone, invitationsHref, accountsHref, onStartOver }: Props) {
  // A family is active with a class in the current term; imported without one, it is incomplete.
  const enrolled = batch.totals.enrolments.new + batch.totals.enrolments.matched > 0;
  return (
    <Stack gap="lg">
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck />}
        title={`Imported from ${batch.sourceName}`}
      >
        {batch.importedAt ? `Written ${studioDateTime(batch.importedAt, timeZone)}. ` : ''}
        The families, their dancers and their balances are in Pirouette now. Importing the same files again
        changes nothing; the next export changes only what changed.
      </Alert>
      <SectionCard title="What was written">
        <TotalsGrid totals={batch.totals} written />
        <BalancesFigures balances={batch.balances} sourceName={batch.sourceName} asOf={batch.asOf} />
      </SectionCard>
      <SectionCard
        title="Next: invite the families"
        description="Nobody has been e-mailed yet. When you are ready, send the parents an invitation: each one sets a password by its link and sees the family's account."
      >
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={invitationsHref} leftSection={<IconMailForward size={18} />}>
            Invite the families
          </Button>
          <Button
            component={Link}
            to={`${accountsHref}?status=${enrolled ? 'active' : 'incomplete'}`}
            variant="default"
          >
            See the families
          </Button>
          <Button variant="subtle" onClick={onStartOver}>
            Import more files
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          You can send the invitations later: they wait on the invitations page. A family without a class in
          the current term is on the accounts’ Incomplete list until it registers.
        </Text>
      </SectionCard>
    </Stack>
  );
}
