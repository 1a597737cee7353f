import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type {
  FamilyCompetitionEntry,
  FamilyCompetitionEvent,
  FamilyCompetitionFeeKept,
  FamilyCompetitionsAnswer,
} from '@pirouette/domain';
import { Link } from 'react-router';
import { FamilyListCard, hiddenForParent } from '../../families/components/family-list-card';
import { useAccountCompetitions, useParentCompetitions } from './family-competitions-queries';
import {
  type CompetitionAudience,
  entryText,
  eventAddress,
  eventDaysText,
  eventHref,
  eventSummary,
  feeLine,
  hasEntries,
  keptNote,
  orderNote,
  placeText,
  type Tone,
  totalFigures,
} from './family-competitions-text';

const toneColor: Record<Tone, string> = { paid: 'teal.8', due: 'orange.8', plain: 'dimmed' };

function EntryRow({ entry: x, audience }: { entry: FamilyCompetitionEntry; audience: CompetitionAudience }) {
  const fee = feeLine(x, audience);
  const place = placeText(x);
  return (
    <Stack gap={2} data-testid="family-competition-entry">
      <Text size="sm" fw={500}>
        {entryText(x)}
      </Text>
      <Group gap="xs" align="center" wrap="wrap" style={{ rowGap: 4 }}>
        <Text size="xs" c={toneColor[fee.tone]}>
          {fee.text}
        </Text>
        {place && (
          <Badge variant="light" color="grape" radius="sm" tt="none">
            {place}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

function EventBlock({
  event: e,
  audience,
}: {
  event: FamilyCompetitionEvent;
  audience: CompetitionAudience;
}) {
  const address = eventAddress(e);
  const note = orderNote(e, audience);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="family-competition-event"
      aria-label={eventSummary(e, audience)}
      bg={e.upcoming ? undefined : 'gray.0'}
    >
      <Stack gap="xs">
        <Stack gap={0} miw={0}>
          <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
            <Text fw={600} size="sm" miw={0}>
              {audience === 'owner' ? (
                <Anchor component={Link} to={eventHref(e)} inherit>
                  {e.name}
                </Anchor>
              ) : (
                e.name
              )}
            </Text>
            {!e.upcoming && (
              <Badge variant="light" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                Past
              </Badge>
            )}
          </Group>
          <Text size="sm">{eventDaysText(e, audience)}</Text>
          {/* The venue by name, its address under it; a venue without a name by its address. */}
          {e.location.name && <Text size="sm">{e.location.name}</Text>}
          {address && (
            <Text size={e.location.name ? 'xs' : 'sm'} c={e.location.name ? 'dimmed' : undefined}>
              {address}
            </Text>
          )}
        </Stack>
        {e.entries.map((x) => (
          <EntryRow key={x.id} entry={x} audience={audience} />
        ))}
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function KeptFees({ fees, audience }: { fees: FamilyCompetitionFeeKept[]; audience: CompetitionAudience }) {
  return (
    <Stack gap="xs" data-testid="competition-fees-kept">
      <Text fw={600}>{audience === 'owner' ? 'Removed registrations' : 'Removed entries'}</Text>
      {fees.map((f) => {
        const fee = feeLine(f, audience);
        return (
          <Paper key={f.id} withBorder p="sm" radius="md" bg="gray.0">
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {f.item}
              </Text>
              {audience === 'owner' && f.detail !== f.item && (
                <Text size="xs" c="dimmed">
                  {f.detail}
                </Text>
              )}
              <Text size="xs" c={toneColor[fee.tone]}>
                {fee.text}
              </Text>
              <Text size="xs" c="dimmed">
                {keptNote(audience)}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The family's totals as a receipt: a label and its amount a line, at any width. */
function Totals({ answer, audience }: { answer: FamilyCompetitionsAnswer; audience: CompetitionAudience }) {
  return (
    <Paper bg="gray.0" p="sm" radius="md">
      <Stack
        gap={4}
        component="dl"
        m={0}
        aria-label={audience === 'owner' ? "The family's competition totals" : 'Your competition totals'}
      >
        {totalFigures(answer.totals, audience).map((f) => (
          <Group key={f.label} justify="space-between" gap="sm" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {f.label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={600} c={f.tone === 'due' ? 'orange.8' : undefined}>
              {f.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Each dancer's events and entries, the fees kept for removed registrations, then the family's totals. */
export function FamilyCompetitionsView({
  answer,
  audience,
}: {
  answer: FamilyCompetitionsAnswer;
  audience: CompetitionAudience;
}) {
  return (
    <Stack gap="md">
      {answer.dancers.map((d) => (
        <Stack key={d.studentID} gap="xs" data-testid="competition-dancer">
          <Text fw={600}>{d.studentName}</Text>
          {d.events.map((e) => (
            <EventBlock key={e.eventID} event={e} audience={audience} />
          ))}
        </Stack>
      ))}
      {answer.feesKept.length > 0 && <KeptFees fees={answer.feesKept} audience={audience} />}
      <Totals answer={answer} audience={audience} />
    </Stack>
  );
}

/** The owner's card on a family's account overview: one line when the family has no entries. */
export function AccountCompetitions({ accountId }: { accountId: string }) {
  const query = useAccountCompetitions(accountId);
  return (
    <FamilyListCard
      title="Competitions"
      query={query}
      has={hasEntries}
      loadingLabel="Loading the competition entries"
      description="Each dancer's competition entries, upcoming first: the fee with what is paid, and the places in the running order once set."
      empty={
        <Text size="sm" c="dimmed">
          No competition entries for this family's dancers.
        </Text>
      }
    >
      {(answer) => <FamilyCompetitionsView answer={answer} audience="owner" />}
    </FamilyListCard>
  );
}

/**
 * The parent's card in the portal: where and when their dancers compete, each entry's fee and, once the
 * studio has set it, their place in the running order. Hidden while the family has no entries (or while
 * it loads), so a studio without competitions never shows it.
 */
export function ParentCompetitionsCard({ studioName }: { studioName: string }) {
  const query = useParentCompetitions();
  if (hiddenForParent(query, hasEntries)) return null;
  return (
    <FamilyListCard
      title="Competitions"
      query={query}
      has={hasEntries}
      loadingLabel="Loading the competition entries"
      description={`Where and when your dancers compete with ${studioName}, and each entry's fee. The fees are part of your balance above.`}
      empty={null}
    >
      {(answer) => <FamilyCompetitionsView answer={answer} audience="parent" />}
    </FamilyListCard>
  );
}
