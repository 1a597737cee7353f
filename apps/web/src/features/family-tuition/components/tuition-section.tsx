import { Skeleton, Stack } from '@mantine/core';
import type { FamilyTuition } from '@pirouette/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { FamilyTuitionView, type TuitionAudience } from './family-tuition-view';

type Props = {
  query: UseQueryResult<FamilyTuition, unknown>;
  audience: TuitionAudience;
  title?: string;
  description?: ReactNode;
  pendingAction?: ReactNode;
  /** Under the tuition: the parent's note on payments. */
  children?: ReactNode;
};

/** The family's tuition in its card, with its own loading and its own retry. */
export function TuitionSection({
  query,
  audience,
  title = 'Tuition',
  description,
  pendingAction,
  children,
}: Props) {
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the tuition">
        <Skeleton h={64} />
        <Skeleton h={120} />
      </Stack>
    );
  else if (query.isError) body = <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  else body = <FamilyTuitionView tuition={query.data} audience={audience} pendingAction={pendingAction} />;
  return (
    <SectionCard
      title={title}
      description={description ?? (query.data?.termName ? `Season ${query.data.termName}` : undefined)}
    >
      {body}
      {children}
    </SectionCard>
  );
}
