import { Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type BuilderClass,
  type Eligibility,
  type FamilyQuote,
  type RegistrationBuilder,
  registrationKey,
  WEEKDAYS,
} from '@pirouette/domain';
import { type ReactNode, useState } from 'react';
import { timeRange } from '../../schedule/schedule-format';
import { eligibilityFor } from '../lib/eligibility';
import { type ClassState, classState, pairsAfter, type Selection } from '../lib/selection';
import { type BuilderMode, ClassCard } from './class-card';

type Props = {
  builder: RegistrationBuilder;
  selection: Selection;
  stdID: string;
  onStdID: (id: string) => void;
  onToggle: (clSchID: string) => void;
  quote: FamilyQuote;
  mode?: BuilderMode;
  /** The day the dancer starts (eligibility's date): today, or the owner's effective date. */
  startsOn?: string;
  /** A class to open the week at (its location and room): the owner's "register a dancer". */
  focusClassID?: string | null;
  /** Under a class: the waitlist's action for a full one. */
  footerOf?: (cls: BuilderClass, state: ClassState, eligibility: Eligibility | undefined) => ReactNode;
};

/** The schedule builder: a dancer, a location, a room, and its week, Monday first. */
export function ScheduleBuilder({
  builder,
  selection,
  stdID,
  onStdID,
  onToggle,
  quote,
  mode = 'parent',
  startsOn = builder.today,
  focusClassID = null,
  footerOf,
}: Props) {
  const { sched } = builder;
  const focus = sched.cls.find((c) => c.id === focusClassID);
  const [locID, setLocID] = useState(focus?.locationID ?? sched.selIDs.locID ?? sched.loc[0]?.id ?? '');
  const roomsHere = sched.rm.filter((r) => r.locationID === locID);
  const [rmID, setRmID] = useState(focus?.roomID ?? sched.selIDs.rmID ?? roomsHere[0]?.id ?? '');
  const room = roomsHere.find((r) => r.id === rmID) ?? roomsHere[0];
  const inRoom = sched.cls
    .filter((c) => c.roomID === room?.id)
    .sort((a, b) => a.timeStart.localeCompare(b.timeStart));
  const eligibility = eligibilityFor(builder, selection, stdID, inRoom, startsOn);
  const price = new Map(quote.students.flatMap((s) => s.classes.map((c) => [c.key, c.Pr_f] as const)));
  const dancer = builder.acctInfo.stds.find((s) => s.id === stdID);

  const chooseLocation = (id: string) => {
    setLocID(id);
    setRmID(sched.rm.find((r) => r.locationID === id)?.id ?? '');
  };

  return (
    <Stack gap="md">
      {builder.acctInfo.stds.length > 1 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Dancer
          </Text>
          <SegmentedControl
            aria-label="Dancer"
            value={stdID}
            onChange={onStdID}
            data={builder.acctInfo.stds.map((s) => ({ value: s.id, label: s.firstName }))}
          />
        </Stack>
      )}
      <Group gap="lg" align="flex-start" wrap="wrap">
        {sched.loc.length > 1 ? (
          <Select
            label="Location"
            value={locID}
            onChange={(v) => v && chooseLocation(v)}
            data={sched.loc.map((l) => ({ value: l.id, label: l.name }))}
            allowDeselect={false}
            w={{ base: '100%', sm: 240 }}
          />
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Location
            </Text>
            <Text size="sm" lh="28px">
              {sched.loc[0]?.name}
            </Text>
          </Stack>
        )}
        {roomsHere.length > 0 && (
          <Stack gap={4} maw="100%">
            <Text size="sm" fw={600}>
              Room
            </Text>
            <SegmentedControl
              aria-label="Room"
              value={room?.id ?? ''}
              onChange={setRmID}
              data={roomsHere.map((r) => ({ value: r.id, label: r.name }))}
              style={{ maxWidth: '100%', overflowX: 'auto' }}
            />
          </Stack>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 7 }} spacing="xs" aria-label="Week" role="region">
        {WEEKDAYS.map((dayName, day) => {
          const items = inRoom.filter((c) => c.day === day);
          return (
            <Paper key={dayName} withBorder p={6} radius="md" bg="gray.0" data-testid={`builder-day-${day}`}>
              <Stack gap={6}>
                <Text fw={700} size="xs" tt="uppercase" c="dimmed" px={2}>
                  {dayName}
                </Text>
                {items.length === 0 ? (
                  <Text size="xs" c="dimmed" px={2}>
                    No classes
                  </Text>
                ) : (
                  items.map((cls) => {
                    const state = classState(builder, selection, stdID, cls.id);
                    return (
                      <ClassCard
                        key={cls.id}
                        cls={cls}
                        state={state}
                        eligibility={eligibility.get(cls.id)}
                        price={price.get(registrationKey(stdID, cls.id)) ?? null}
                        onToggle={() => onToggle(cls.id)}
                        mode={mode}
                        footer={footerOf?.(cls, state, eligibility.get(cls.id))}
                      />
                    );
                  })
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Elsewhere
        builder={builder}
        selection={selection}
        stdID={stdID}
        roomID={room?.id ?? ''}
        name={dancer?.firstName ?? ''}
      />
    </Stack>
  );
}

/** The dancer's classes in other rooms, so a parent sees the whole week while looking at one room. */
function Elsewhere(props: {
  builder: RegistrationBuilder;
  selection: Selection;
  stdID: string;
  roomID: string;
  name: string;
}) {
  const { builder, selection, stdID, roomID, name } = props;
  const byId = new Map(builder.sched.cls.map((c) => [c.id, c]));
  const others = pairsAfter(builder, selection)
    .filter((p) => p.studentId === stdID)
    .map((p) => byId.get(p.classId))
    .filter((c): c is BuilderClass => c !== undefined && c.roomID !== roomID)
    .sort((a, b) => a.day - b.day || a.timeStart.localeCompare(b.timeStart));
  if (others.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="elsewhere">
      <Text size="sm" fw={600} mb={4}>
        {name}'s classes elsewhere this week
      </Text>
      <Stack gap={2}>
        {others.map((c) => (
          <Text key={c.id} size="sm">
            {WEEKDAYS[c.day]} {timeRange(c.timeStart, c.timeEnd)} · {c.name} · {c.room}, {c.location}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
