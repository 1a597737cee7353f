import { Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { useAccountAbout } from '../api/accounts';

/** How the family heard of the studio (the registration's "about us"). */
export function AccountAbout({ accountId }: { accountId: string }) {
  const about = useAccountAbout(accountId);
  let body: ReactNode;
  if (about.isPending) body = <Skeleton h={40} />;
  else if (about.isError) body = <SectionLoadError error={about.error} onRetry={() => about.refetch()} />;
  else if (!about.data.option && !about.data.notes.trim())
    body = (
      <Text size="sm" c="dimmed" fs="italic">
        The family did not say.
      </Text>
    );
  else
    body = (
      <Stack gap={4}>
        {about.data.option && <Text fw={600}>{about.data.option}</Text>}
        {about.data.notes.trim() && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {about.data.notes}
          </Text>
        )}
      </Stack>
    );
  return (
    <SectionCard title="About">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600}>
          How they heard of the studio
        </Text>
        {body}
      </Stack>
    </SectionCard>
  );
}
