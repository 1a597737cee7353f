import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { TermsList } from '../../families/components/terms-list';
import { useAccountTerms } from '../api/accounts';

/** The studio's terms documents and whether the family accepted the version in force. */
export function AccountTerms({ accountId, timeZone }: { accountId: string; timeZone: string }) {
  const terms = useAccountTerms(accountId);
  let body: ReactNode;
  if (terms.isPending)
    body = (
      <Stack gap="sm">
        <Skeleton h={48} />
        <Skeleton h={48} />
      </Stack>
    );
  else if (terms.isError) body = <SectionLoadError error={terms.error} onRetry={() => terms.refetch()} />;
  else body = <TermsList terms={terms.data} timeZone={timeZone} />;
  return <SectionCard title="Terms">{body}</SectionCard>;
}
