import { Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { studioDateTime } from '../../../lib/format';
import { useAccountLog } from '../api/accounts';
import { logByline } from '../log-entry';

/** The family's log (001 §3 "Account log"): what changed, who changed it, when, newest first. */
export function AccountLog({ accountId, timeZone }: { accountId: string; timeZone: string }) {
  const [page, setPage] = useState(1);
  const log = useAccountLog(accountId, page);

  let body: ReactNode;
  if (log.isPending) {
    body = (
      <Stack gap="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={40} />
        ))}
      </Stack>
    );
  } else if (log.isError) body = <SectionLoadError error={log.error} onRetry={() => log.refetch()} />;
  else if (log.data.items.length === 0) {
    body = (
      <Group gap="xs" wrap="nowrap">
        <IconHistory size={18} style={{ flexShrink: 0, opacity: 0.5 }} />
        <Text size="sm" c="dimmed">
          Nothing has changed on this account yet.
        </Text>
      </Group>
    );
  } else {
    body = (
      <Stack gap="sm" style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
        <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Log entries">
          {log.data.items.map((entry, i) => (
            <Fragment key={entry.id}>
              {i > 0 && <Divider component="li" aria-hidden />}
              <li>
                <Text size="sm">{entry.text}</Text>
                <Text size="xs" c="dimmed">
                  {logByline(entry.by)} ·{' '}
                  <time dateTime={entry.ts}>{studioDateTime(entry.ts, timeZone)}</time>
                </Text>
              </li>
            </Fragment>
          ))}
        </Stack>
        <ListPager
          page={page}
          total={log.data.total}
          pageSize={log.data.pageSize}
          onChange={setPage}
          noun={['entry', 'entries']}
        />
      </Stack>
    );
  }

  return (
    <SectionCard title="Log" description="Changes to the account, newest first.">
      {body}
    </SectionCard>
  );
}
