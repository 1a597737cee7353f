import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { AutopayPage } from '@pirouette/domain';
import { IconBolt, IconPlayerPause, IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { EmptyState } from '../../../components/empty-state';
import { PageSection } from './page-section';
import { ResultBadge } from './result-badge';

export type Enrolled = AutopayPage['enrolled'][number];

type Props = {
  families: Enrolled[];
  narrow: boolean;
  /** The family whose pause or resume is being sent. */
  pausingId: string | null;
  onCharge: (family: Enrolled) => void;
  onPause: (family: Enrolled) => void;
};

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function LastResult({ family }: { family: Enrolled }) {
  if (!family.lastResult)
    return (
      <Text size="sm" c="dimmed">
        No charge yet
      </Text>
    );
  return <ResultBadge result={family.lastResult} />;
}

function PausedBadge({ family }: { family: Enrolled }) {
  if (!family.paused) return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color={family.pausedFor === 'dispute' ? 'red' : 'yellow'}
      radius="sm"
      styles={{ label: { overflow: 'visible' } }}
    >
      {family.pausedFor === 'dispute' ? 'Paused: payment disputed' : 'Paused'}
    </Badge>
  );
}

function Actions({
  family,
  pausingId,
  onCharge,
  onPause,
  grow,
}: Omit<Props, 'families' | 'narrow'> & {
  family: Enrolled;
  grow?: boolean;
}) {
  const flex = grow ? 1 : undefined;
  return (
    <Group gap="xs" wrap="nowrap" justify={grow ? 'stretch' : 'flex-end'}>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconBolt size={14} />}
        onClick={() => onCharge(family)}
        aria-label={`Charge the ${family.family} family now`}
        style={{ flex }}
      >
        Charge now
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={family.paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
        onClick={() => onPause(family)}
        loading={pausingId === family.coAcctMemID}
        aria-label={`${family.paused ? 'Resume' : 'Pause'} automatic payments for the ${family.family} family`}
        style={{ flex }}
      >
        {family.paused ? 'Resume' : 'Pause'}
      </Button>
    </Group>
  );
}

function FamilyLink({ family }: { family: Enrolled }) {
  return (
    <Anchor component={Link} to={accountHref(family.coAcctMemID)} fw={600} size="sm" w="fit-content">
      {family.family}
    </Anchor>
  );
}

function WideTable({ families, ...actions }: Omit<Props, 'narrow'>) {
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Family</Table.Th>
              <Table.Th>Card</Table.Th>
              <Table.Th>Consented on</Table.Th>
              <Table.Th>Last result</Table.Th>
              <Table.Th pr="md" ta="right">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {families.map((f) => (
              <Table.Tr key={f.coAcctMemID} data-testid="enrolled-family">
                <Table.Td pl="md">
                  <Group gap={6} wrap="nowrap">
                    <FamilyLink family={f} />
                    <PausedBadge family={f} />
                  </Group>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm" c={f.hasCard ? undefined : 'red.7'}>
                    {f.card}
                  </Text>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm">{f.consentedOn}</Text>
                </Table.Td>
                <Table.Td>
                  <LastResult family={f} />
                </Table.Td>
                <Table.Td pr="md">
                  <Actions family={f} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function NarrowList({ families, ...actions }: Omit<Props, 'narrow'>) {
  return (
    <Stack gap="sm">
      {families.map((f) => (
        <Paper key={f.coAcctMemID} withBorder p="sm" data-testid="enrolled-family">
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} miw={0}>
                <FamilyLink family={f} />
                <Text size="xs" c={f.hasCard ? 'dimmed' : 'red.7'}>
                  {f.card}
                </Text>
              </Stack>
              <PausedBadge family={f} />
            </Group>
            <SimpleGrid cols={2} spacing="xs">
              <Figure label="Consented on">
                <Text size="sm">{f.consentedOn}</Text>
              </Figure>
              <Figure label="Last result">
                <LastResult family={f} />
              </Figure>
            </SimpleGrid>
            <Actions family={f} {...actions} grow />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The families that turned auto-pay on (paused by the studio or not), each charged now or paused here. */
export function EnrolledFamilies({ families, narrow, ...actions }: Props) {
  return (
    <PageSection
      title="Families on auto-pay"
      description="Families who authorized automatic charges of their card on file from their portal."
    >
      {families.length === 0 ? (
        <EmptyState title="No family is on auto-pay yet" icon={IconUsers}>
          A family turns automatic payments on from its portal, once it keeps a card on file.
        </EmptyState>
      ) : narrow ? (
        <NarrowList families={families} {...actions} />
      ) : (
        <WideTable families={families} {...actions} />
      )}
    </PageSection>
  );
}
