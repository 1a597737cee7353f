import { Avatar, Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { initials, type RegistrationBuilder } from '@pirouette/domain';
import { counts } from '../lib/selection';

type Props = { builder: RegistrationBuilder; onChoose: (stdID: string) => void };

/** Step −1: whose classes to pick first (the builder lets the parent switch dancer after). */
export function DancerStep({ builder, onChoose }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {builder.acctInfo.stds.map((s) => {
        const n = builder.acctInfo.regCls.filter((r) => r.stdID === s.id && counts(r)).length;
        return (
          <UnstyledButton key={s.id} onClick={() => onChoose(s.id)} aria-label={`Choose ${s.firstName}`}>
            <Paper withBorder p="md" radius="md">
              <Group gap="sm" wrap="nowrap">
                <Avatar color="plum" radius="xl">
                  {initials(s.firstName, s.lastName)}
                </Avatar>
                <div>
                  <Text fw={700}>
                    {s.firstName} {s.lastName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {n === 0
                      ? 'No classes this season yet'
                      : n === 1
                        ? '1 class this season'
                        : `${n} classes this season`}
                  </Text>
                </div>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
