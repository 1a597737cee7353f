import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { YearTerm } from '@pirouette/domain';
import { IconCalendarEvent } from '@tabler/icons-react';
import { dateRange } from '../../../lib/format';

type Props = {
  studioName: string;
  firstName: string;
  familyName: string;
  yrTrm: YearTerm | null;
  /** The family has a class that counts this season. */
  registered: boolean;
};

/** The top of the parent portal: the studio, who is welcomed, the family and the season. */
export function WelcomeHeader({ studioName, firstName, familyName, yrTrm, registered }: Props) {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }} bg="plum.7" c="white" withBorder={false} component="header">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} miw={0}>
          <Text size="sm" fw={600} opacity={0.9} data-testid="portal-studio">
            {studioName}
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Welcome, {firstName}
          </Title>
          {familyName && (
            <Text opacity={0.9} data-testid="portal-family">
              The {familyName} family
            </Text>
          )}
        </Stack>
        <Stack gap={6} align="flex-start">
          {yrTrm ? (
            <Group gap={6} wrap="nowrap">
              <IconCalendarEvent size={18} style={{ flexShrink: 0, opacity: 0.85 }} />
              <Text size="sm" opacity={0.9} data-testid="portal-season">
                Season {yrTrm.name} · {dateRange(yrTrm.dateStart, yrTrm.dateEnd)}
              </Text>
            </Group>
          ) : (
            <Text size="sm" opacity={0.9}>
              The studio has not opened a season yet.
            </Text>
          )}
          <Badge variant="white" color={registered ? 'teal' : 'gray'} size="md">
            {registered ? 'Registered this season' : 'No classes this season yet'}
          </Badge>
        </Stack>
      </Group>
    </Card>
  );
}
