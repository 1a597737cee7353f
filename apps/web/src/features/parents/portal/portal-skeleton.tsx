import { Grid, Skeleton, Stack } from '@mantine/core';

/** The portal's shape while the family loads. */
export function PortalSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading your family">
      <Skeleton h={132} radius="lg" />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Skeleton h={28} w={160} />
            <Skeleton h={210} radius="lg" />
            <Skeleton h={210} radius="lg" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Skeleton h={220} radius="lg" />
            <Skeleton h={180} radius="lg" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
