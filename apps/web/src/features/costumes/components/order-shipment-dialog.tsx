import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { type CostumeOrder, countOf, isDateOnly } from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useReceiveShipment } from '../api/orders';
import { sizeColorText, toggleOne } from '../lib/orders';

type Props = { order: CostumeOrder | null; today: string; opened: boolean; onClose: () => void };

function ShipmentForm({
  order,
  today,
  onClose,
}: {
  order: CostumeOrder;
  today: string;
  onClose: () => void;
}) {
  const receive = useReceiveShipment();
  // Every costume still missing is ticked to start with: a shipment is most often the rest of the order.
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(order.missing.map((l) => l.costumeAssignedID)),
  );
  const [receivedOn, setReceivedOn] = useState(today);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const all = chosen.size === order.missing.length;

  const submit = () => {
    setProblem(null);
    if (chosen.size === 0) return setProblem('Please choose the costumes that arrived.');
    if (!isDateOnly(receivedOn)) return setProblem('Enter the day the shipment arrived.');
    receive.mutate(
      {
        params: { orderId: order.orderID },
        body: {
          receivedOn,
          note: note.trim(),
          // In the order's own order, whatever order they were ticked in.
          items: order.missing.map((l) => l.costumeAssignedID).filter((id) => chosen.has(id)),
        },
      },
      {
        onSuccess: (answer) => {
          notifySuccess(
            answer.missing.length === 0
              ? `${answer.msg} Everything ordered has arrived.`
              : `${answer.msg} ${countOf(answer.missing.length, 'costume is', 'costumes are')} still missing.`,
            answer.name,
          );
          onClose();
        },
        onError: (e) => setProblem(errorText(e)),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Tick the costumes in the box. What is left stays missing until the next shipment.
      </Text>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {chosen.size} of {order.missing.length} missing
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => setChosen(all ? new Set() : new Set(order.missing.map((l) => l.costumeAssignedID)))}
        >
          {all ? 'Tick none' : 'Tick all'}
        </Button>
      </Group>
      <ScrollArea.Autosize mah={300} type="auto">
        <Stack gap={8} data-testid="shipment-lines">
          {order.missing.map((l) => (
            <Checkbox
              key={l.costumeAssignedID}
              checked={chosen.has(l.costumeAssignedID)}
              onChange={() => setChosen(toggleOne(l.costumeAssignedID, chosen))}
              label={`${l.dancer} — ${l.styleName} (${sizeColorText(l)})`}
              description={`${l.danceNumber}${l.removed ? ' · taken from the dancer after it was ordered' : ''}`}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group grow align="flex-start">
        <TextInput
          type="date"
          label="Received on"
          value={receivedOn}
          onChange={(e) => setReceivedOn(e.currentTarget.value)}
          required
        />
        <TextInput
          label="Note"
          placeholder="Box 1 of 2"
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={receive.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={receive.isPending} disabled={chosen.size === 0}>
          Receive {countOf(chosen.size, 'costume', 'costumes')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Receives a shipment of a placed order: the costumes that arrived (all missing ticked) and the day. */
export function ShipmentDialog({ order, today, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened && !!order}
      onClose={onClose}
      title={order ? `Receive a shipment — ${order.name}` : 'Receive a shipment'}
      centered
      radius="lg"
      size="lg"
    >
      {order && opened && <ShipmentForm order={order} today={today} onClose={onClose} />}
    </Modal>
  );
}
