import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type BackstageList, formatDateOnly, type RecitalProgramme } from '@pirouette/domain';
import classes from './shows.module.css';

/**
 * Whether the intermission comes right after the number at `place` (1 first): the show's
 * `intermissionAfter` counts from 0, and an intermission is printed only when a number follows it.
 */
export const intermissionFollows = (after: number | null, place: number, count: number) =>
  after !== null && place === after + 1 && place < count;

/** The printed programme (decision 072): each show it holds (the chosen one, decision 087), its numbers in order with song, artist and dancers. */
export function ProgrammeSheet({ data }: { data: RecitalProgramme }) {
  return (
    <Paper withBorder p="md" radius="md" className={classes.sheet} data-testid="programme">
      <Stack gap="lg">
        <Stack gap={0} align="center">
          <Title order={2}>{data.recital.name}</Title>
          <Text>{[data.recital.venueName, data.recital.venueAddress].filter(Boolean).join(' · ')}</Text>
        </Stack>
        {data.shows.map((s) => (
          <Stack key={s.id} gap="xs" className={classes.showBlock}>
            <Title order={3}>
              {s.name} — {formatDateOnly(s.day)}, {s.startsAt}
            </Title>
            {s.numbers.length === 0 ? (
              <Text c="dimmed">No number in this show yet.</Text>
            ) : (
              <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                {s.numbers.flatMap((n) => {
                  const item = (
                    <li key={`${s.id}:${n.place}`} className={classes.row}>
                      <Text fw={600}>
                        {n.place}. {n.name}
                      </Text>
                      {n.songName ? (
                        <Text size="sm" fs="italic">
                          {n.songName}
                          {n.songArtist ? ` — ${n.songArtist}` : ''}
                        </Text>
                      ) : null}
                      <Text size="sm">{n.dancers.join(', ')}</Text>
                    </li>
                  );
                  return intermissionFollows(s.intermissionAfter, n.place, s.numbers.length)
                    ? [
                        item,
                        <li
                          key={`${s.id}:interval`}
                          className={classes.programmeInterval}
                          data-testid="intermission"
                        >
                          <Text fw={600} tt="uppercase" size="sm">
                            Intermission
                          </Text>
                        </li>,
                      ]
                    : [item];
                })}
              </Stack>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** The backstage list of a show: by number, each dancer with their family and costume. */
export function BackstageSheet({ data }: { data: BackstageList }) {
  return (
    <Paper withBorder p="md" radius="md" className={classes.sheet} data-testid="backstage-list">
      <Stack gap="md">
        <Stack gap={0}>
          <Title order={2}>Backstage — {data.show.name}</Title>
          <Text>
            {data.recital.name} · {formatDateOnly(data.show.day)} · curtain {data.show.startsAt}
          </Text>
        </Stack>
        {data.numbers.length === 0 ? <Text c="dimmed">No number in this show yet.</Text> : null}
        {data.numbers.map((n) => (
          <Stack key={n.place} gap={4} className={classes.row}>
            <Title order={4}>
              #{n.place} {n.name}{' '}
              <Text span size="sm" c="dimmed">
                ({n.startsAt})
              </Text>
            </Title>
            <Table.ScrollContainer minWidth={320}>
              <Table withTableBorder className={classes.sheetTable}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Dancer</Table.Th>
                    <Table.Th>Family</Table.Th>
                    <Table.Th>Costume</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {n.dancers.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>{d.name}</Table.Td>
                      <Table.Td>{d.familyName}</Table.Td>
                      <Table.Td>{d.costume ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
