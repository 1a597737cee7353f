import { Anchor, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_STUDIO_MONEY_SETTINGS, describeUnlimited } from '@pirouette/domain';
import { IconDiscount2, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { notifyError } from '../../../lib/notify';
import { useStudioSettings } from '../../studio-settings/api/studio-settings';
import { useDiscounts, useReorderDiscounts } from '../api/discounts';
import { DiscountDialog, type DiscountDialogState } from '../components/discount-dialog';
import { DiscountList } from '../components/discount-list';
import { LiveExample } from '../components/live-example';
import { SAMPLE_FAMILY, type SampleChild } from '../sample-family';

/** The studio's discounts, shown as people think of them, with a sample family's tuition under them. */
export function DiscountsPage() {
  const section = findSection('myStudio/discounts');
  const discounts = useDiscounts();
  const settings = useStudioSettings();
  const reorder = useReorderDiscounts();
  const [dialog, setDialog] = useState<DiscountDialogState>(null);
  const [family, setFamily] = useState<SampleChild[]>(() => SAMPLE_FAMILY.map((c) => ({ ...c })));
  // Until the settings arrive the example uses the defaults; the note below says which rules it used.
  const money = settings.data?.money ?? DEFAULT_STUDIO_MONEY_SETTINGS;

  if (discounts.isError) return <LoadError onRetry={() => discounts.refetch()} />;

  const list = discounts.data ?? [];
  const newButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ mode: 'new' })}>
      New discount
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} actions={newButton} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {discounts.isPending ? (
            <Skeleton h={240} radius="lg" />
          ) : list.length === 0 ? (
            <EmptyState title={section.emptyTitle} icon={IconDiscount2} action={newButton}>
              Add a multi-class discount (for a child’s second class and on) or a sibling discount (for the
              second child and on); the example shows what it does to a family.
            </EmptyState>
          ) : (
            <DiscountList
              discounts={list}
              reordering={reorder.isPending}
              onEdit={(d) => setDialog({ mode: 'edit', discount: d })}
              onDelete={(d) => setDialog({ mode: 'del', discount: d })}
              onReorder={(ids) => reorder.mutate({ body: { ids } }, { onError: (e) => notifyError(e) })}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card>
            <Stack gap="sm">
              <div>
                <Title order={3} fz="md">
                  Live example
                </Title>
                <Text size="sm" c="dimmed">
                  A sample family’s monthly tuition with your discounts, computed the way families are
                  charged. Change the prices, add classes or children to try other cases.
                </Text>
              </div>
              <LiveExample family={family} onFamilyChange={setFamily} discounts={list} money={money} />
              <Group gap={4}>
                <Text size="xs" c="dimmed">
                  {describeUnlimited(money.unlimited)}
                </Text>
                <Anchor component={Link} to={`${adminHref('myStudio/settings')}?tab=tuition`} size="xs">
                  Change the tuition rules
                </Anchor>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <DiscountDialog
        state={dialog}
        onClose={() => setDialog(null)}
        discounts={list}
        money={money}
        family={family}
      />
    </Stack>
  );
}
