import { Stack, Title } from '@mantine/core';
import { RecitalDay } from '../components/recital-day';

/** A teacher's door and backstage on the recital's day (issue 38 items 5 and 6): no money on it. */
export function TeacherRecitalPage() {
  return (
    <Stack gap="md">
      <Title order={2}>Recital day</Title>
      <RecitalDay />
    </Stack>
  );
}
