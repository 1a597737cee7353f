import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { type CostumeOrder, countOf, dollarsText, type OrderLine } from '@pirouette/domain';
import { IconFileSpreadsheet, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { usePlaceOrder, useReplaceCart } from '../api/orders';
import { itemsWithout, itemsWithPrice, priceTyped, sizeColorText } from '../lib/orders';

type Props = {
  cart: CostumeOrder;
  company: string;
  narrow: boolean;
  onSheet: () => void;
};

const PRICE_PROBLEM = 'Enter the buy price in dollars, e.g. 45.00.';

/**
 * One line's buy price, saved when the field is left (or Enter pressed) and changed: the cart's lines
 * are sent whole with it, as `PUT` replaces them.
 */
function PriceField({
  line,
  disabled,
  onSave,
}: {
  line: OrderLine;
  disabled: boolean;
  onSave: (price: number) => void;
}) {
  const [value, setValue] = useState<number | string>(line.price_buy);
  const [problem, setProblem] = useState<string | null>(null);
  const [seen, setSeen] = useState(line.price_buy);
  // What was last sent: Enter then leaving the field sends it once.
  const [sent, setSent] = useState<number | null>(null);
  // The server's answer moves the price (saved, or put back after a refusal): the field follows it.
  if (seen !== line.price_buy) {
    setSeen(line.price_buy);
    setValue(line.price_buy);
    setSent(null);
  }
  const save = () => {
    const price = priceTyped(value);
    if (price === null) return setProblem(PRICE_PROBLEM);
    setProblem(null);
    if (price === line.price_buy || price === sent) return;
    setSent(price);
    onSave(price);
  };
  return (
    <NumberInput
      size="xs"
      w={110}
      prefix="$"
      decimalScale={2}
      fixedDecimalScale
      min={0}
      hideControls
      value={value}
      onChange={(v) => {
        setValue(v);
        setProblem(null);
      }}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
      }}
      disabled={disabled}
      error={problem}
      aria-label={`Buy price of ${line.dancer}'s ${line.styleName}`}
    />
  );
}

function RemoveButton({
  line,
  disabled,
  onRemove,
}: {
  line: OrderLine;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <Tooltip label="Take out of the cart">
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Take ${line.dancer}'s ${line.styleName} out of the cart`}
      >
        <IconX size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** What placing the order does, said before it is done: the cart is sent, and the balances are posted. */
function PlaceDialog({
  cart,
  company,
  opened,
  onClose,
}: {
  cart: CostumeOrder;
  company: string;
  opened: boolean;
  onClose: () => void;
}) {
  const place = usePlaceOrder();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = () => {
    setRefusal(null);
    place.mutate(
      { params: { orderId: cart.orderID } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg, answer.name);
          close();
        },
        onError: (e) => setRefusal(errorText(e)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Place the order" centered radius="lg">
      <Stack gap="md">
        <Text>
          {cart.name}: {countOf(cart.lines.length, 'costume', 'costumes')} from {company}, for{' '}
          {dollarsText(cart.subtotal)} at the buy prices in the cart.
        </Text>
        <Alert color="orange" variant="light" title="Each family is charged its costume balance now">
          Placing the order posts each costume's balance — its price less the deposit already charged — to its
          family's bill, due today. The cart cannot change after that.
        </Alert>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={place.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={place.isPending} data-autofocus>
            Place order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The cart's lines: cards on a phone, a table otherwise; each with its buy price and a way out. */
function CartLines({
  cart,
  narrow,
  busy,
  round,
  send,
}: {
  cart: CostumeOrder;
  narrow: boolean;
  busy: boolean;
  round: number;
  send: (items: ReturnType<typeof itemsWithout>) => void;
}) {
  return narrow ? (
    <Stack gap="sm">
      {cart.lines.map((l) => (
        <Paper key={l.costumeAssignedID} withBorder p="sm" data-testid="cart-line">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600} size="sm">
                {l.dancer}
              </Text>
              <Text size="sm">
                {l.styleName} · {sizeColorText(l)}
              </Text>
              <Text size="xs" c="dimmed">
                {l.danceNumber} · #{l.styleNumber}
              </Text>
            </Stack>
            <RemoveButton
              line={l}
              disabled={busy}
              onRemove={() => send(itemsWithout(cart.lines, l.costumeAssignedID))}
            />
          </Group>
          <Group justify="space-between" mt="xs">
            <Text size="sm" c="dimmed">
              Buy price
            </Text>
            <PriceField
              key={round}
              line={l}
              disabled={busy}
              onSave={(price) => send(itemsWithPrice(cart.lines, l.costumeAssignedID, price))}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  ) : (
    <Card p={0}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="xs" horizontalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Dancer</Table.Th>
              <Table.Th>Dance number</Table.Th>
              <Table.Th>Style</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Colour</Table.Th>
              <Table.Th>Buy price</Table.Th>
              <Table.Th pr="md" w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cart.lines.map((l) => (
              <Table.Tr key={l.costumeAssignedID} data-testid="cart-line">
                <Table.Td pl="md">
                  <Text size="sm" fw={600}>
                    {l.dancer}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{l.danceNumber}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{l.styleName}</Text>
                  <Text size="xs" c="dimmed">
                    #{l.styleNumber}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{l.size}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{l.color || '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <PriceField
                    key={round}
                    line={l}
                    disabled={busy}
                    onSave={(price) => send(itemsWithPrice(cart.lines, l.costumeAssignedID, price))}
                  />
                </Table.Td>
                <Table.Td pr="md">
                  <RemoveButton
                    line={l}
                    disabled={busy}
                    onRemove={() => send(itemsWithout(cart.lines, l.costumeAssignedID))}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/**
 * The company's open cart: its costumes with the buy price agreed (editable), the subtotal, a line taken
 * out, the order sheet, and "Place order" behind its confirmation.
 */
export function OrderCart({ cart, company, narrow, onSheet }: Props) {
  const replace = useReplaceCart();
  const [placing, setPlacing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Refused, the prices typed go back to the cart's: the fields are made again.
  const [round, setRound] = useState(0);
  const send = (items: ReturnType<typeof itemsWithout>) => {
    setRefusal(null);
    replace.mutate(
      { params: { orderId: cart.orderID }, body: { costumeCompanyID: cart.costumeCompanyID, items } },
      {
        onError: (e) => {
          setRefusal(errorText(e));
          setRound((r) => r + 1);
        },
      },
    );
  };
  const busy = replace.isPending;
  const empty = cart.lines.length === 0;

  return (
    <Stack gap="sm">
      {refusal && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {empty ? (
        <Text size="sm" c="dimmed">
          {cart.name} is empty: add costumes from the list above.
        </Text>
      ) : (
        <CartLines cart={cart} narrow={narrow} busy={busy} round={round} send={send} />
      )}
      <Group justify="space-between" gap="sm">
        <Text fw={600} data-testid="cart-subtotal">
          Subtotal {dollarsText(cart.subtotal)}{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            · {countOf(cart.lines.length, 'costume', 'costumes')}
          </Text>
        </Text>
        <Group gap="xs" grow={narrow} w={narrow ? '100%' : undefined}>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={onSheet}
            disabled={empty}
          >
            Order sheet
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            onClick={() => setPlacing(true)}
            disabled={empty || busy}
          >
            Place order
          </Button>
        </Group>
      </Group>
      <PlaceDialog cart={cart} company={company} opened={placing} onClose={() => setPlacing(false)} />
    </Stack>
  );
}
