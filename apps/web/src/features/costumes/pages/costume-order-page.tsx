import { Button, Group, Select, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages, todayInZone } from '@pirouette/domain';
import { IconBuildingWarehouse, IconShoppingCart } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useCostumeCompanies } from '../api/costumes';
import { useCompanyOrders } from '../api/orders';
import { CART_SHEET, CompanyOrders } from '../components/order-company';
import { OrderSheet } from '../components/order-sheet';

export const ORDERS_PATH = 'costumes/order-new';
const PHONE_QUERY = '(max-width: 48em)';

/** The company and the sheet the address names, so a reload or a shared link opens the same. */
function useOrderParams() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (key: 'company' | 'sheet', value: string | null) =>
      setParams(
        (previous) => {
          const out = new URLSearchParams(previous);
          if (value) out.set(key, value);
          else out.delete(key);
          if (key === 'company') out.delete('sheet');
          return out;
        },
        // A sheet opened is a step the back button undoes; a company changed is not.
        { replace: key === 'company' },
      ),
    [setParams],
  );
  return {
    companyId: params.get('company'),
    sheet: params.get('sheet'),
    setCompany: useCallback((id: string | null) => set('company', id), [set]),
    setSheet: useCallback((value: string | null) => set('sheet', value), [set]),
  };
}

/** One company's part of the page: its cart, what is left to order and its orders; or one order's sheet. */
function CompanyPart({
  companyId,
  narrow,
  today,
  sheet,
  onSheet,
}: {
  companyId: string;
  narrow: boolean;
  today: string;
  sheet: string | null;
  onSheet: (value: string | null) => void;
}) {
  const query = useCompanyOrders(companyId);
  if (query.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the company's orders">
        <Skeleton h={narrow ? 160 : 120} radius="md" />
        <Skeleton h={narrow ? 200 : 140} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <LoadError message={errorText(query.error, messages.loadFailed)} onRetry={() => query.refetch()} />
    );
  const data = query.data;
  if (sheet) {
    const order = sheet === CART_SHEET ? data.cart : data.orders.find((o) => o.orderID === sheet);
    if (order) return <OrderSheet company={data.company} order={order} onBack={() => onSheet(null)} />;
    return (
      <EmptyState
        title="This order is not here"
        icon={IconShoppingCart}
        action={
          <Button variant="light" onClick={() => onSheet(null)}>
            Back to the orders
          </Button>
        }
      >
        {sheet === CART_SHEET
          ? `${data.company} has no open cart: it was placed, or emptied.`
          : `No order of ${data.company} has this id.`}
      </EmptyState>
    );
  }
  return <CompanyOrders data={data} narrow={narrow} today={today} onSheet={onSheet} />;
}

/**
 * The owner's costume orders (issue 18 point 4, decision 029 "Orders"): per costume company, the
 * costumes assigned and not ordered, the cart built from them, placed orders received in shipments, and
 * each order's printable sheet.
 */
export function CostumeOrderPage() {
  const section = findSection(ORDERS_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const session = useSession();
  const [today] = useState(() => todayInZone(session?.user.timeZone || undefined));
  const companies = useCostumeCompanies();
  const { companyId, sheet, setCompany, setSheet } = useOrderParams();
  const header = <PageHeader title={section.title} description={section.description} />;
  // Without a choice in the address, the first company with styles (else the first), written there.
  const list = companies.data ?? [];
  const chosen =
    list.find((c) => c.id === companyId) ??
    (companyId ? undefined : (list.find((c) => c.styles > 0) ?? list[0]));
  const fallbackId = !companyId && chosen ? chosen.id : null;
  useEffect(() => {
    if (fallbackId) setCompany(fallbackId);
  }, [fallbackId, setCompany]);

  if (companies.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading costume companies">
        {header}
        <Skeleton h={36} maw={420} radius="md" />
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  if (companies.isError)
    return (
      <Stack gap="lg">
        {header}
        <LoadError
          message={errorText(companies.error, messages.loadFailed)}
          onRetry={() => companies.refetch()}
        />
      </Stack>
    );
  if (companies.data.length === 0)
    return (
      <Stack gap="lg">
        {header}
        <EmptyState
          title="No costume companies yet"
          icon={IconBuildingWarehouse}
          action={
            <Button component={Link} to={adminHref('costumes/companies')} variant="light">
              Add a costume company
            </Button>
          }
        >
          Costumes are ordered from a costume company: add the company, put its styles on dance numbers and
          assign them to dancers; they are ordered here.
        </EmptyState>
      </Stack>
    );

  if (chosen && sheet)
    return (
      <CompanyPart
        key={chosen.id}
        companyId={chosen.id}
        narrow={narrow}
        today={today}
        sheet={sheet}
        onSheet={setSheet}
      />
    );

  return (
    <Stack gap="xl">
      <Stack gap="md">
        {header}
        <Group align="flex-end" gap="sm">
          <Select
            label="Costume company"
            placeholder="Pick a costume company"
            data={companies.data.map((c) => ({ value: c.id, label: c.name }))}
            value={chosen?.id ?? null}
            onChange={setCompany}
            allowDeselect={false}
            searchable={companies.data.length > 6}
            w={{ base: '100%', sm: 420 }}
          />
        </Group>
      </Stack>
      {chosen ? (
        <CompanyPart
          key={chosen.id}
          companyId={chosen.id}
          narrow={narrow}
          today={today}
          sheet={null}
          onSheet={setSheet}
        />
      ) : (
        <EmptyState title="Pick a costume company" icon={IconBuildingWarehouse}>
          Choose the costume company above to see what is left to order from it, its cart and its orders.
        </EmptyState>
      )}
    </Stack>
  );
}
