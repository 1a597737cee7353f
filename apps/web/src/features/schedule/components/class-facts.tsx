import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { dollarsText, type ScheduleClass } from '@pirouette/domain';
import type { ReactNode } from 'react';
import { agesText, levelName } from '../../../lib/schedule-format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Who teaches it, for whom, how full it is and what it costs (its students: ClassRegistrations). */
export function ClassFacts({ cls }: { cls: ScheduleClass }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <Fact label="Teacher">{cls.teacher}</Fact>
        <Fact label="Level">{levelName(cls.level)}</Fact>
        <Fact label="Ages">{agesText(cls.age_min, cls.age_max)}</Fact>
        <Fact label="Registered">
          <Group gap={6}>
            <span>
              {cls.nReg} of {cls.nMax}
            </span>
            {cls.isFull && (
              <Badge size="xs" color="red">
                Full
              </Badge>
            )}
          </Group>
        </Fact>
        <Fact label="Class size">
          {cls.nMin}–{cls.nMax} students
        </Fact>
        <Fact label="Tuition">{dollarsText(cls.cost)}/month</Fact>
      </SimpleGrid>
    </Stack>
  );
}
