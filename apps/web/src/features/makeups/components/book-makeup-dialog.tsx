import { Alert, Badge, Button, Group, Modal, Radio, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { MakeupCredit, MakeupOption } from '@pirouette/domain';
import { useState } from 'react';
import { dialogStyles } from '../../../components/dialog-styles';
import { isRefusedFor } from '../../../lib/api-client';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useBookMakeup } from '../api/makeups';
import { dayLabel, groupByDate, placesText, timeRange } from '../lib/makeups';

const keyOf = (o: MakeupOption) => `${o.clSchID}:${o.date}`;

/**
 * Choosing a make-up (decision 064): the meetings the credit can be booked into, grouped by date, each
 * with its class, time, room and places left; then a confirm that books it. A place taken meanwhile is
 * said in the dialog, and the list is read again.
 */
export function BookMakeupDialog({ credit, onClose }: { credit: MakeupCredit; onClose: () => void }) {
  const book = useBookMakeup();
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const option = credit.options.find((o) => keyOf(o) === chosen) ?? null;
  const groups = groupByDate(credit.options);

  const send = () => {
    if (!option) return;
    setError(null);
    book.mutate(
      { body: { creditID: credit.id, clSchID: option.clSchID, date: option.date } },
      {
        onSuccess: (r) => {
          notifySuccess(r.msg);
          onClose();
        },
        onError: (e) => {
          setError(errorText(e));
          setConfirming(false);
          // A place taken since the list was read: the list is read again (the mutation refreshes it).
          if (isRefusedFor(e, 'makeup_full')) setChosen(null);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Book a make-up for ${credit.studentName.split(' ')[0]}`}
      styles={dialogStyles}
      radius="lg"
      size="lg"
      centered
    >
      {confirming && option ? (
        <Stack gap="md">
          <Text>
            Book {credit.studentName} into <b>{option.className}</b> on {dayLabel(option.date, option.day)},{' '}
            {timeRange(option)}, {option.room}?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={book.isPending}>
              Back
            </Button>
            <Button onClick={send} loading={book.isPending} data-autofocus>
              Confirm booking
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Radio.Group
            value={chosen}
            onChange={setChosen}
            label="Choose a class"
            description="The next classes the make-up can be taken in, with a place free."
          >
            <ScrollArea.Autosize mah="55vh" mt="sm" type="auto">
              <Stack gap="md">
                {groups.map((g) => (
                  <Stack key={g.date} gap={6} role="group" aria-label={g.label}>
                    <Title order={4} fz="sm" c="dimmed">
                      {g.label}
                    </Title>
                    {g.options.map((o) => (
                      <Radio.Card
                        key={keyOf(o)}
                        value={keyOf(o)}
                        radius="md"
                        p="sm"
                        data-testid="makeup-option"
                      >
                        <Group wrap="nowrap" gap="sm" align="flex-start">
                          <Radio.Indicator mt={4} />
                          <Stack gap={2} miw={0} style={{ flex: 1 }}>
                            <Group justify="space-between" gap="xs">
                              <Text fw={600}>{o.className}</Text>
                              <Badge variant="light" color={o.placesLeft <= 2 ? 'orange' : 'teal'}>
                                {placesText(o.placesLeft)}
                              </Badge>
                            </Group>
                            <Text size="sm" c="dimmed">
                              {timeRange(o)} · {o.room}
                            </Text>
                          </Stack>
                        </Group>
                      </Radio.Card>
                    ))}
                  </Stack>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button disabled={!option} onClick={() => setConfirming(true)}>
              Continue
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
