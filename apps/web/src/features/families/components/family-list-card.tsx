import { Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';

/**
 * A card of a family's things read by one query (its costumes, its competition entries): skeletons while
 * it loads, the error with a retry, `empty` when the answer holds nothing (`has`), else `children` of the
 * answer; the description is shown only above something to describe.
 */
export function FamilyListCard<T>({
  title,
  query,
  has,
  loadingLabel,
  description,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<T, unknown>;
  has: (answer: T | undefined) => boolean;
  loadingLabel: string;
  description: string;
  empty: ReactNode;
  children: (answer: T) => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={loadingLabel}>
        <Skeleton h={18} w={140} />
        <Skeleton h={84} />
      </Stack>
    );
  else if (query.isError) body = <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  else if (!has(query.data)) body = empty;
  else body = children(query.data);
  return (
    <SectionCard title={title} description={has(query.data) ? description : undefined}>
      {body}
    </SectionCard>
  );
}

/** The parent's card is hidden while it loads and while the family has nothing to show. */
export const hiddenForParent = <T,>(
  query: UseQueryResult<T, unknown>,
  has: (answer: T | undefined) => boolean,
) => query.isPending || (query.isSuccess && !has(query.data));
