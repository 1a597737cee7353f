import { Alert, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { DEFAULT_TIME_ZONE, todayInZone } from '@pirouette/domain';
import { IconCalendarEvent, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { dateRange } from '../../../lib/format';
import { useSession } from '../../../lib/use-session';
import { useYearTerms } from '../../year-terms/api/year-terms';
import { pickTerm } from '../../year-terms/pick-term';
import { usePaymentSystem } from '../api/payment-system';
import { ExampleFamilyForm } from '../components/example-family-form';
import { PlanCard } from '../components/plan-card';
import { EXAMPLE_FAMILY, type ExampleClass, exampleSchedule } from '../lib/example-schedule';

/**
 * A year term's payment plans (002 §2, read only but for discounts and due days), each priced for an
 * example family from a start date with `buildPaymentSchedule`, in the browser.
 */
export function PaymentSystemPage() {
  const section = findSection('myStudio/payment-system');
  const session = useSession();
  const terms = useYearTerms();
  const [params, setParams] = useSearchParams();
  const term = pickTerm(terms.data ?? [], params.get('term'));
  const plans = usePaymentSystem(term?.id ?? null);
  const [family, setFamily] = useState<ExampleClass[]>(EXAMPLE_FAMILY);
  const [effectiveDate, setEffectiveDate] = useState(() =>
    todayInZone(session?.user.timeZone || DEFAULT_TIME_ZONE),
  );
  const schedule = useMemo(
    () => (plans.data ? exampleSchedule(plans.data, family, effectiveDate) : null),
    [plans.data, family, effectiveDate],
  );

  let body: ReactNode;
  if (terms.isPending || (term && plans.isPending)) body = <Skeleton h={320} radius="lg" />;
  else if (terms.isError) body = <LoadError onRetry={() => terms.refetch()} />;
  else if (plans.isError) body = <LoadError onRetry={() => plans.refetch()} />;
  else if (!term || !plans.data || plans.data.length === 0)
    body = (
      <EmptyState title={section.emptyTitle} icon={IconCalendarEvent}>
        {section.emptyText}
      </EmptyState>
    );
  else
    body = (
      <Stack gap="lg">
        <ExampleFamilyForm
          family={family}
          onFamilyChange={setFamily}
          effectiveDate={effectiveDate}
          onEffectiveDateChange={setEffectiveDate}
        />
        {schedule === null && (
          <Alert color="yellow" icon={<IconInfoCircle />}>
            Enter both monthly prices and a start date to see the example schedule.
          </Alert>
        )}
        {plans.data.map((plan) => (
          <PlanCard key={plan.id} plan={plan} example={schedule?.find((p) => p.id === plan.id) ?? null} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          terms.data &&
          terms.data.length > 0 && (
            <Select
              label="Year term"
              w={240}
              data={terms.data.map((t) => ({
                value: t.id,
                label: t.isCurrent ? `${t.name} (current)` : t.name,
              }))}
              value={term?.id ?? null}
              allowDeselect={false}
              onChange={(id) => id && setParams({ term: id }, { replace: true })}
            />
          )
        }
      />
      {term && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {term.name}: {dateRange(term.dateStart, term.dateEnd)}. Payment dates follow the term’s dates;
            change them on the Dance Year page.
          </Text>
        </Group>
      )}
      {body}
    </Stack>
  );
}
