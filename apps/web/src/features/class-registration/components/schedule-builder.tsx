import { Box, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type BuilderClass,
  type Eligibility,
  type FamilyQuote,
  type RegistrationBuilder,
  registrationKey,
  WEEKDAYS,
} from '@pirouette/domain';
import { type ReactNode, useState } from 'react';
import { timeRange } from '../../../lib/schedule-format';
import { eligibilityFor } from '../lib/eligibility';
import { type ClassState, classState, pairsAfter, type Selection } from '../lib/selection';
import { agesOffered, classesInWeek, type WeekFilter } from '../lib/week-filter';
import { type BuilderMode, ClassCard } from './class-card';
import type { WeekControl } from './use-builder-week';
import { WeekFilters } from './week-filters';

type Props = {
  builder: RegistrationBuilder;
  /**
   * The location chooser when the builder is read a location's week at a time (decision 082): the
   * week shown is the answer's (`sched.locID`); choosing another asks the page for its week. Without
   * it, the location filters the classes at hand.
   */
  week?: WeekControl;
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

/** The schedule builder: a dancer, a location, and its week across its rooms, Monday first. */
export function ScheduleBuilder({
  builder,
  week,
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
  // The location's whole week, every room (issue 31 item 15); the filters narrow it.
  const [filter, setFilter] = useState<WeekFilter>({
    locationID: focus?.locationID ?? sched.locID ?? sched.selIDs.locID ?? sched.loc[0]?.id ?? '',
    roomID: null,
    day: null,
    age: null,
  });
  // Read a week at a time, the week shown is the answer's location, until the one asked for comes.
  const locationID = week ? (sched.locID ?? filter.locationID) : filter.locationID;
  const roomsHere = sched.rm.filter((r) => r.locationID === locationID);
  const shownFilter = {
    ...filter,
    locationID,
    roomID: roomsHere.some((r) => r.id === filter.roomID) ? filter.roomID : null,
  };
  const shown = classesInWeek(sched.cls, shownFilter);
  // The chooser says the location asked for at once; choosing another asks for its week.
  const chosen = week ? (week.asked ?? locationID) : locationID;
  const onFilter = (next: WeekFilter) => {
    if (week && next.locationID !== chosen) week.onAsk(next.locationID);
    setFilter(next);
  };
  const eligibility = eligibilityFor(builder, selection, stdID, shown, startsOn);
  const price = new Map(quote.students.flatMap((s) => s.classes.map((c) => [c.key, c.Pr_f] as const)));
  const dancer = builder.acctInfo.stds.find((s) => s.id === stdID);
  const days = WEEKDAYS.map((name, day) => ({ name, day })).filter(
    (d) => filter.day === null || d.day === filter.day,
  );

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
      <WeekFilters
        filter={{ ...shownFilter, locationID: chosen }}
        onChange={onFilter}
        locations={sched.loc}
        rooms={roomsHere}
        ages={agesOffered(sched.cls, locationID)}
        loading={week?.loading ?? false}
      />
      <Box
        pos="relative"
        aria-busy={week?.loading ?? false}
        style={{ opacity: week?.loading ? 0.55 : 1, transition: 'opacity 120ms' }}
      >
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: days.length === 1 ? 1 : 7 }}
          spacing="xs"
          aria-label="Week"
          role="region"
        >
          {days.map(({ name: dayName, day }) => {
            const items = shown.filter((c) => c.day === day);
            return (
              <Paper
                key={dayName}
                withBorder
                p={6}
                radius="md"
                bg="gray.0"
                data-testid={`builder-day-${day}`}
                // On a phone the week is a list: a day without classes takes no room.
                display={items.length === 0 && days.length > 1 ? { base: 'none', sm: 'block' } : undefined}
              >
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
                          showRoom={roomsHere.length > 1}
                        />
                      );
                    })
                  )}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Box>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="builder-none">
          No class here matches these filters.
        </Text>
      )}
      <Elsewhere
        builder={builder}
        selection={selection}
        stdID={stdID}
        locationID={locationID}
        name={dancer?.firstName ?? ''}
      />
    </Stack>
  );
}

/** The dancer's classes at other locations, so a parent sees the whole week while looking at one. */
function Elsewhere(props: {
  builder: RegistrationBuilder;
  selection: Selection;
  stdID: string;
  locationID: string;
  name: string;
}) {
  const { builder, selection, stdID, locationID, name } = props;
  const byId = new Map(builder.sched.cls.map((c) => [c.id, c]));
  const others = pairsAfter(builder, selection)
    .filter((p) => p.studentId === stdID)
    .map((p) => byId.get(p.classId))
    .filter((c): c is BuilderClass => c !== undefined && c.locationID !== locationID)
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
