import { Alert, Button, Stack, Text } from '@mantine/core';
import type { CompanyOrdersAnswer, CostumeOrder } from '@pirouette/domain';
import { IconHanger, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminHref } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { errorText, notifySuccess } from '../../../lib/notify';
import { newRequestId } from '../../../lib/request-id';
import { PageSection } from '../../autopay/components/page-section';
import { useAddToCart } from '../api/orders';
import { itemsToAdd, keepChosen } from '../lib/orders';
import { OrderCart } from './order-cart';
import { PlacedOrders } from './order-placed';
import { ShipmentDialog } from './order-shipment-dialog';
import { ToOrderList } from './order-to-order';

/** `onSheet` with this opens the open cart's sheet; with an order's id, that order's. */
export const CART_SHEET = 'cart';

/**
 * One costume company's orders: what is left to order (added to the cart, made with a new id when there
 * is none), the cart, and the placed orders with their shipments.
 */
export function CompanyOrders({
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

  // A company nothing was ever assigned from: one plain word on what fills the page.
  if (data.toOrder.length === 0 && !cart && data.orders.length === 0)
    return (
      <EmptyState
        title={`Nothing to order from ${data.company} yet`}
        icon={IconHanger}
        action={
          <Button component={Link} to={adminHref('costumes/numbers')} variant="light">
            Assign costumes to dancers
          </Button>
        }
      >
        Put {data.company}'s styles on dance numbers and assign each dancer a size: the costumes show here to
        order, by style, size and colour, and the orders placed with the company follow them.
      </EmptyState>
    );

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
            Every costume assigned from {data.company} is in the cart or ordered. Costumes assigned from now
            on show here.
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
