import { Box, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { seatKey } from '@pirouette/domain';
import { Fragment } from 'react';

/** A seat as the map draws it. */
export type MapSeat = {
  section: string;
  row: string;
  number: number;
  col: number;
  blocked: boolean;
  accessible: boolean;
  taken: boolean;
};

const SIZE = 24;

function colorOf(s: MapSeat) {
  if (s.taken)
    return { bg: 'var(--mantine-color-gray-8)', fg: 'white', border: 'var(--mantine-color-gray-9)' };
  if (s.blocked)
    return {
      bg: 'var(--mantine-color-gray-2)',
      fg: 'var(--mantine-color-gray-7)',
      border: 'var(--mantine-color-gray-5)',
    };
  if (s.accessible)
    return {
      bg: 'var(--mantine-color-blue-1)',
      fg: 'var(--mantine-color-blue-9)',
      border: 'var(--mantine-color-blue-6)',
    };
  return {
    bg: 'white',
    fg: 'var(--mantine-color-dark-7)',
    border: 'var(--mantine-color-plum-4, var(--mantine-color-violet-4))',
  };
}

const label = (s: MapSeat) =>
  `${s.section}, row ${s.row}, seat ${s.number}${s.blocked ? ', blocked' : ''}${s.accessible ? ', accessible' : ''}${s.taken ? ', ticket sold or held' : ''}`;

/**
 * The venue's seats drawn as the owner described them (issue 38 item 4): sections front first, the stage
 * above, each row centred with its aisles as gaps. With `onSeat`, each seat is a button (the owner's
 * editor toggles it); without, a picture.
 */
export function SeatMap({ seats, onSeat }: { seats: readonly MapSeat[]; onSeat?: (seat: MapSeat) => void }) {
  const sections: { name: string; rows: { label: string; seats: MapSeat[] }[] }[] = [];
  for (const seat of seats) {
    let section = sections.find((s) => s.name === seat.section);
    if (!section) {
      section = { name: seat.section, rows: [] };
      sections.push(section);
    }
    let row = section.rows.find((r) => r.label === seat.row);
    if (!row) {
      row = { label: seat.row, seats: [] };
      section.rows.push(row);
    }
    row.seats.push(seat);
  }
  const width = Math.max(1, ...seats.map((s) => s.col + 1));
  return (
    <ScrollArea type="auto" offsetScrollbars data-testid="seat-map">
      <Stack gap="md" miw={(width + 2) * (SIZE + 3)} align="center" py="xs">
        <Box w="70%" py={4} bg="gray.2" style={{ borderRadius: 6, textAlign: 'center' }}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            Stage
          </Text>
        </Box>
        {sections.map((section) => (
          <Stack key={section.name} gap={3} align="center">
            <Text size="sm" fw={700}>
              {section.name}
            </Text>
            {section.rows.map((row) => {
              const cols = Math.max(...row.seats.map((s) => s.col)) + 1;
              const offset = Math.floor((width - cols) / 2);
              return (
                <Group key={row.label} gap={6} wrap="nowrap">
                  <Text size="xs" c="dimmed" w={24} ta="right">
                    {row.label}
                  </Text>
                  <Box
                    style={{
                      display: 'grid',
                      gridTemplateColumns: `repeat(${width}, ${SIZE}px)`,
                      gap: 3,
                    }}
                  >
                    {row.seats.map((seat) => {
                      const c = colorOf(seat);
                      const style = {
                        gridColumn: offset + seat.col + 1,
                        width: SIZE,
                        height: SIZE,
                        borderRadius: '6px 6px 3px 3px',
                        border: `1.5px solid ${c.border}`,
                        background: c.bg,
                        color: c.fg,
                        fontSize: 10,
                        fontWeight: 600,
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                      } as const;
                      return (
                        <Fragment key={seatKey(seat)}>
                          {onSeat ? (
                            <UnstyledButton
                              style={style}
                              aria-label={label(seat)}
                              aria-pressed={seat.blocked || seat.accessible}
                              onClick={() => onSeat(seat)}
                              data-seat={`${seat.row}${seat.number}`}
                            >
                              {seat.accessible ? '♿' : seat.blocked ? '×' : seat.number}
                            </UnstyledButton>
                          ) : (
                            <Box style={style} role="img" aria-label={label(seat)}>
                              {seat.accessible ? '♿' : seat.blocked ? '×' : seat.number}
                            </Box>
                          )}
                        </Fragment>
                      );
                    })}
                  </Box>
                  <Text size="xs" c="dimmed" w={24}>
                    {row.label}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}

/** What the map's colours mean. */
export function SeatLegend() {
  const item = (s: Partial<MapSeat>, text: string) => {
    const c = colorOf({
      section: '',
      row: '',
      number: 0,
      col: 0,
      blocked: false,
      accessible: false,
      taken: false,
      ...s,
    });
    return (
      <Group gap={6} wrap="nowrap">
        <Box w={14} h={14} style={{ borderRadius: 4, border: `1.5px solid ${c.border}`, background: c.bg }} />
        <Text size="xs">{text}</Text>
      </Group>
    );
  };
  return (
    <Group gap="md">
      {item({}, 'For sale')}
      {item({ accessible: true }, 'Accessible')}
      {item({ blocked: true }, 'Blocked')}
      {item({ taken: true }, 'Ticket sold or held')}
    </Group>
  );
}
