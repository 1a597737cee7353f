import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CompanyOrdersAnswer, type CostumeOrder, messages, todayInZone } from '@pirouette/domain';
import { IconBuildingWarehouse, IconHanger, IconPackage, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText, notifySuccess } from '../../../lib/notify';
import { adminHref, findSection } from '../../admin/admin-sections';
import { useSession } from '../../auth/use-session';
import { PageSection } from '../../autopay/components/page-section';
import { newRequestId } from '../../money/lib/money';
import { useCostumeCompanies } from '../api/costumes';
import { useAddToCart, useCompanyOrders } from '../api/orders';
import { OrderCart } from '../components/order-cart';
import { PlacedOrders } from '../components/order-placed';
import { OrderSheet } from '../components/order-sheet';
import { ShipmentDialog } from '../components/order-shipment-dialog';
import { ToOrderList } from '../components/order-to-order';
import { itemsToAdd, keepChosen } from '../lib/orders';

export const ORDERS_PATH = 'costumes/order-new';
const PHONE_QUERY = '(max-width: 48em)';
/** `?sheet=cart` opens the open cart's sheet; any other value is a placed order's id. */
const CART_SHEET = 'cart';

/** The company and the sheet the address names, so a reload or a shared link opens the same. */
function useOrderParams() {
  const [params, setParams] = useSearchParams();
  const set = (key: 'company' | 'sheet', value: string | null) =>
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
    );
  return {
    companyId: params.get('company'),
    sheet: params.get('sheet'),
    setCompany: (id: string | null) => set('company', id),
    setSheet: (value: string | null) => set('sheet', value),
  };
}

function CompanyOrders({
  data,
  narrow,
  today,
  onSheet,
}: {
  data: CompanyOrdersAnswer;
  narrow: boolean;
  today: string;
  onSheet: (value: string) => void;
}) {
  const add = useAddToCart();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [receiving, setReceiving] = useState<CostumeOrder | null>(null);
  const chosen = keepChosen(data.toOrder, picked);
  const { cart } = data;

  const addToCart = (all: boolean) => {
    setRefusal(null);
    const items = itemsToAdd(data.toOrder, all ? null : chosen);
    add.mutate(
      {
        // No cart yet: this id makes it. With one, the costumes go into it.
        params: { orderId: cart?.orderID ?? newRequestId() },
        body: { costumeCompanyID: data.costumeCompanyID, items },
      },
      {
        onSuccess: (answer) => {
          notifySuccess(
            `${items.length === 1 ? 'One costume' : `${items.length} costumes`} added to ${answer.name}.`,
            answer.msg,
          );
          setPicked(new Set());
        },
        onError: (e) => setRefusal(errorText(e)),
      },
    );
  };

  return (
    <Stack gap="xl">
      <PageSection
        title="To order"
        description="Every costume from this company assigned to a dancer and not ordered yet, by style, size and colour. Open a group to choose its dancers one by one."
      >
        {refusal && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        {data.toOrder.length === 0 ? (
          <EmptyState
            title="Nothing left to order"
            icon={IconHanger}
            action={
              <Button component={Link} to={adminHref('costumes/numbers')} variant="light">
                Assign costumes to dancers
              </Button>
            }
          >
            {cart || data.orders.length
              ? `Every costume assigned from ${data.company} is in the cart or ordered. Costumes assigned from now on show here.`
              : `No dancer has a costume from ${data.company} yet. Assign sizes on the dance numbers' page; they show here to order.`}
          </EmptyState>
        ) : (
          <ToOrderList
            groups={data.toOrder}
            narrow={narrow}
            chosen={chosen}
            onChoose={setPicked}
            onAdd={addToCart}
            adding={add.isPending}
          />
        )}
      </PageSection>
      <PageSection
        title="Cart"
        description="What goes in the next order, at the buy price agreed with the company. Placing it posts each family's costume balance."
        aside={
          cart ? (
            <Text size="sm" c="dimmed">
              {cart.name}
            </Text>
          ) : null
        }
      >
        {cart ? (
          <OrderCart cart={cart} company={data.company} narrow={narrow} onSheet={() => onSheet(CART_SHEET)} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="cart-empty">
            No cart open with {data.company}: add costumes from the list above to start one.
          </Text>
        )}
      </PageSection>
      <PageSection
        title="Placed orders"
        description="Newest first: what was ordered, what has arrived and what is still missing."
      >
        {data.orders.length === 0 ? (
          <EmptyState title="No order placed yet" icon={IconPackage}>
            Orders placed with {data.company} are listed here, to receive their shipments as they arrive.
          </EmptyState>
        ) : (
          <PlacedOrders
            orders={data.orders}
            narrow={narrow}
            onReceive={setReceiving}
            onSheet={(o) => onSheet(o.orderID)}
          />
        )}
      </PageSection>
      <ShipmentDialog
        order={receiving}
        today={today}
        opened={!!receiving}
        onClose={() => setReceiving(null)}
      />
    </Stack>
  );
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

  // Without a choice in the address, the first company with styles (else the first).
  const chosen =
    companies.data.find((c) => c.id === companyId) ??
    (companyId ? undefined : (companies.data.find((c) => c.styles > 0) ?? companies.data[0]));

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
