import { Badge, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { type CompetitionOverviewEvent, countOf, dollarsText, formatDateOnly } from '@pirouette/domain';
import classes from './overview.module.css';

type Props = {
  events: CompetitionOverviewEvent[];
  openId: string | null;
  onOpen: (id: string) => void;
};

export const datesText = (e: { dateStart: string; dateEnd: string }) =>
  e.dateStart === e.dateEnd
    ? formatDateOnly(e.dateStart)
    : `${formatDateOnly(e.dateStart)} – ${formatDateOnly(e.dateEnd)}`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className={classes.amount}>
        {value}
      </Text>
    </Stack>
  );
}

/** The upcoming events as cards with their figures; the open one marked. */
export function EventCards({ events, openId, onOpen }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" className={classes.noPrint}>
      {events.map((e) => (
        <UnstyledButton
          key={e.id}
          onClick={() => onOpen(e.id)}
          aria-pressed={e.id === openId}
          data-testid="overview-event"
        >
          <Paper
            withBorder
            p="md"
            radius="md"
            className={e.id === openId ? classes.open : undefined}
            h="100%"
          >
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={700}>{e.company}</Text>
                  <Text size="sm">
                    {e.type} · {e.location}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {datesText(e)}
                  </Text>
                </Stack>
                {e.clashes > 0 ? (
                  <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
                    {countOf(e.clashes, 'clash', 'clashes')}
                  </Badge>
                ) : e.performances > 0 ? (
                  <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                    No clashes
                  </Badge>
                ) : null}
              </Group>
              <SimpleGrid cols={3} spacing="xs">
                <Figure label="Entries" value={`${e.entriesUsed} of ${e.entries}`} />
                <Figure label="Performances" value={String(e.performances)} />
                <Figure label="Dancers" value={String(e.dancers)} />
                <Figure label="Studio owes" value={dollarsText(e.studioOwes)} />
                <Figure label="Families owe" value={dollarsText(e.familiesOwe)} />
                <Figure label="Families paid" value={dollarsText(e.familiesPaid)} />
              </SimpleGrid>
            </Stack>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
