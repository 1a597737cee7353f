import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { can } from '@pirouette/domain';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { dateRange } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { actorOf } from '../../../lib/session';
import { findSection } from '../../admin/admin-sections';
import { useSession } from '../../auth/use-session';
import { useYearTerms } from '../api/get-year-terms';
import { useSetCurrentYearTerm } from '../api/set-current-year-term';

/** The studio's year terms; creating and editing them arrives with the studio configuration. */
export function DanceYearPage() {
  const section = findSection('myStudio/dance-year');
  const session = useSession();
  const terms = useYearTerms();
  const setCurrent = useSetCurrentYearTerm();
  const mayChange = can(actorOf(session), 'yearTerm:set');

  let body: ReactNode;
  if (terms.isPending) body = <Skeleton h={160} radius="lg" />;
  else if (terms.isError) body = <LoadError onRetry={() => terms.refetch()} />;
  else if (terms.data.length === 0)
    body = (
      <EmptyState title={section.emptyTitle} icon={IconCalendarEvent}>
        A first year term is created with the studio; terms you add will be listed here.
      </EmptyState>
    );
  else
    body = (
      <Card p={0}>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Notes</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {terms.data.map((term) => (
                <Table.Tr key={term.id}>
                  <Table.Td fw={600}>{term.name}</Table.Td>
                  <Table.Td>{dateRange(term.dateStart, term.dateEnd)}</Table.Td>
                  <Table.Td c="dimmed">{term.notes || '—'}</Table.Td>
                  <Table.Td ta="right">
                    {term.isCurrent ? (
                      <Badge variant="light">Current</Badge>
                    ) : (
                      mayChange && (
                        <Button
                          size="xs"
                          variant="default"
                          loading={setCurrent.isPending && setCurrent.variables === term.id}
                          onClick={() =>
                            setCurrent.mutate(term.id, {
                              onSuccess: () => notifySuccess(`${term.name} is now the current year term.`),
                              onError: (error) => notifyError(error),
                            })
                          }
                        >
                          Make current
                        </Button>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    );

  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} />
      {body}
      <Group>
        <Text size="xs" c="dimmed">
          Adding and editing year terms arrives with the studio configuration.
        </Text>
      </Group>
    </Stack>
  );
}
