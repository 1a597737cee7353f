import { Badge, Button, Collapse, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CostumeOrder, dollarsText, formatDateOnly } from '@pirouette/domain';
import {
  IconChevronDown,
  IconChevronRight,
  IconFileSpreadsheet,
  IconPackageImport,
} from '@tabler/icons-react';
import { useState } from 'react';
import { missingTexts, receivedText, shipmentText, sizeColorText } from '../lib/orders';

type Props = {
  orders: CostumeOrder[];
  narrow: boolean;
  onReceive: (order: CostumeOrder) => void;
  onSheet: (order: CostumeOrder) => void;
};

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {children}
      </Text>
    </Stack>
  );
}

/** Each costume of the order: who it is for, and whether it arrived. */
function OrderLines({ order }: { order: CostumeOrder }) {
  return (
    <Stack gap={6}>
      {order.lines.map((l) => (
        <Group key={l.costumeAssignedID} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0}>
            <Text size="sm">
              {l.dancer} — {l.styleName} ({sizeColorText(l)})
            </Text>
            <Text size="xs" c="dimmed">
              {l.danceNumber} · {dollarsText(l.price_buy)}
              {l.removed ? ' · taken from the dancer after it was ordered' : ''}
            </Text>
          </Stack>
          {l.receivedOn ? (
            <Badge variant="light" color="teal" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              Received {formatDateOnly(l.receivedOn)}
            </Badge>
          ) : (
            <Badge variant="light" color="orange" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              Missing
            </Badge>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function PlacedOrder({ order, narrow, onReceive, onSheet }: Omit<Props, 'orders'> & { order: CostumeOrder }) {
  const [open, setOpen] = useState(false);
  const done = order.missing.length === 0 && order.lines.length > 0;
  const missing = missingTexts(order.missing);
  // A phone stacks the buttons full width, so their words are never cut.
  const Actions = narrow ? Stack : Group;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" data-testid="placed-order">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700}>{order.name}</Text>
          <Badge
            variant="light"
            color={done ? 'teal' : 'orange'}
            radius="sm"
            tt="none"
            data-testid="order-received"
          >
            {receivedText(order)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Figure label="Ordered on">{order.orderedOn ? formatDateOnly(order.orderedOn) : '—'}</Figure>
          <Figure label="Subtotal">{dollarsText(order.subtotal)}</Figure>
          <Figure label="Costumes">{order.lines.length}</Figure>
        </SimpleGrid>
        {missing.length > 0 && (
          <Stack gap={2} data-testid="order-missing">
            <Text size="sm" fw={600} c="orange.8">
              Still missing
            </Text>
            {missing.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Stack>
        )}
        {order.shipments.length > 0 && (
          <Stack gap={2} data-testid="order-shipments">
            <Text size="sm" fw={600}>
              Shipments
            </Text>
            {order.shipments.map((s) => (
              <Text key={s.id} size="sm">
                {shipmentText(s)}
                {s.by ? (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · received by {s.by}
                  </Text>
                ) : null}
              </Text>
            ))}
          </Stack>
        )}
        <Actions gap="xs">
          {!done && (
            <Button leftSection={<IconPackageImport size={16} />} onClick={() => onReceive(order)}>
              Receive shipment
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => onSheet(order)}
          >
            Order sheet
          </Button>
        </Actions>
        <Divider />
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          w="fit-content"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        >
          {open ? 'Hide the costumes' : 'Show the costumes'}
        </Button>
        <Collapse in={open}>
          <OrderLines order={order} />
        </Collapse>
      </Stack>
    </Paper>
  );
}

/** The company's placed orders, newest first: what was ordered and when, what arrived, what is missing. */
export function PlacedOrders({ orders, ...rest }: Props) {
  return (
    <Stack gap="sm">
      {orders.map((o) => (
        <PlacedOrder key={o.orderID} order={o} {...rest} />
      ))}
    </Stack>
  );
}
