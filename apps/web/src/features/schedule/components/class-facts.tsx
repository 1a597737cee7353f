import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ClassInfo, dollarsText, type ScheduleClass } from '@pirouette/domain';
import type { ReactNode } from 'react';
import { agesText, levelName } from '../schedule-format';
import { SectionTitle } from './section-title';

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

const STATUS = { 0: 'pending', 1: 'approved', [-1]: 'rejected' } as Record<number, string>;

/** Who teaches it, for whom, how full it is and what it costs; then who is registered. */
export function ClassFacts({ cls, info }: { cls: ScheduleClass; info: ClassInfo | undefined }) {
  const students = info?.clsRegAct ?? [];
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
      {info && (
        <Stack gap="xs">
          <SectionTitle title="Students" count={students.filter((s) => !s.isDropped).length} />
          {students.length === 0 ? (
            <Text size="sm" c="dimmed">
              No students registered yet.
            </Text>
          ) : (
            <Group gap={6}>
              {students.map((s) => {
                const status = s.isDropped ? 'dropped' : (STATUS[s.status] ?? '');
                return (
                  <Badge
                    key={s.clsRegID}
                    variant={s.status === 1 && !s.isDropped ? 'light' : 'outline'}
                    color={s.isDropped || s.status === -1 ? 'gray' : s.status === 1 ? 'teal' : 'yellow'}
                    tt="none"
                    fw={500}
                    title={`${s.studentName}: ${status}`}
                  >
                    {s.studentName}
                    {s.status === 1 && !s.isDropped ? '' : ` · ${status}`}
                  </Badge>
                );
              })}
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
