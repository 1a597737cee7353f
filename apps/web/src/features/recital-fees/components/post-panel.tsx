import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { centsText, type RecitalFeeOverview } from '@pirouette/domain';
import { IconReceipt } from '@tabler/icons-react';
import { notifyResult } from '../../../lib/notify';
import { usePostFees } from '../api/fees';

type Totals = RecitalFeeOverview['totals'];

/** What posting will do, in words: "3 fees ($135.00) to post, 1 to take off"; '' when nothing. */
export function postPreview(totals: Totals): string {
  const parts: string[] = [];
  if (totals.toPost.count > 0)
    parts.push(
      `add ${totals.toPost.count} fee${totals.toPost.count === 1 ? '' : 's'} (${centsText(totals.toPost.amount)}) to families’ bills`,
    );
  if (totals.toRemove.count > 0)
    parts.push(
      `take ${totals.toRemove.count} fee${totals.toRemove.count === 1 ? '' : 's'} (${centsText(totals.toRemove.amount)}) off for dancers who left before the date`,
    );
  return parts.length === 0 ? '' : `Posting will ${parts.join(' and ')}. Each family is told by e-mail.`;
}

function Figure({ label, count, amount }: { label: string; count: number; amount: number }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {count}
      </Text>
      <Text size="sm" c="dimmed">
        {centsText(amount)}
      </Text>
    </Stack>
  );
}

/** The figures of the fee and the "Post recital fees" button, with what it will post before it does. */
export function PostPanel({ recitalId, overview }: { recitalId: string; overview: RecitalFeeOverview }) {
  const post = usePostFees(recitalId);
  const { totals } = overview;
  const preview = postPreview(totals);
  const noFee = overview.settings.amount === 0 && totals.toRemove.count === 0;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label="To post" {...totals.toPost} />
        <Figure label="Posted" {...totals.posted} />
        <Figure label="Taken off" {...totals.removed} />
        <Figure label="Kept after the date" {...totals.kept} />
      </SimpleGrid>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" maw={560}>
          {noFee
            ? 'Set the fee first: nothing is posted while it is $0.00.'
            : preview ||
              'Every performing dancer’s fee is on the bill. Dancers who join later are charged the next morning.'}
        </Text>
        <Button
          leftSection={<IconReceipt size={16} />}
          onClick={() => post.mutate({ params: { id: recitalId } }, notifyResult())}
          loading={post.isPending}
          disabled={noFee || preview === ''}
        >
          Post recital fees
        </Button>
      </Group>
    </Stack>
  );
}
