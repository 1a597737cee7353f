import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { MakeupCredit } from '@pirouette/domain';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { SectionCard } from '../../../components/section-card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCancelMakeup, useParentMakeups } from '../api/makeups';
import { bookingLine, cancelBlockedReason, creditOrigin, expiryText, stateBadge } from '../lib/makeups';

// Behind a click: the booking dialog's code (modal, radio cards, scroll area) is not the card's.
const BookMakeupDialog = lazyDialog(() => import('./book-makeup-dialog').then((m) => m.BookMakeupDialog));

/**
 * The family's make-up classes in the portal (issue 36 point 4, decision 064): each credit with where it
 * comes from and until when it can be booked; "Book a make-up" opens the meetings it can be booked into,
 * grouped by date; a booking shows its class and time with "Cancel", off past the studio's cut-off with
 * the reason. A family with no credit sees nothing; a failed load is left unsaid, as the waitlist's.
 */
export function MakeupsCard() {
  const list = useParentMakeups();
  const cancel = useCancelMakeup();
  const [booking, setBooking] = useState<MakeupCredit | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const credits = list.data?.credits ?? [];
  if (credits.length === 0) return null;
  const cancelHours = list.data?.cancelHours ?? 24;

  const cancelBooking = (id: string) => {
    setBusy(id);
    cancel.mutate(
      { params: { id } },
      {
        onSuccess: (r) => notifySuccess(r.msg),
        onError: (e) => notifyError(e),
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <SectionCard
      title="Make-up classes"
      description="A missed class can be made up in another class of the same level or style, before its credit expires."
    >
      <Stack gap="sm">
        {credits.map((c) => (
          <CreditRow
            key={c.id}
            credit={c}
            cancelHours={cancelHours}
            busy={busy}
            onBook={() => setBooking(c)}
            onCancel={cancelBooking}
          />
        ))}
      </Stack>
      {booking && <BookMakeupDialog credit={booking} onClose={() => setBooking(null)} />}
    </SectionCard>
  );
}

function CreditRow({
  credit: c,
  cancelHours,
  busy,
  onBook,
  onCancel,
}: {
  credit: MakeupCredit;
  cancelHours: number;
  busy: string | null;
  onBook: () => void;
  onCancel: (bookingId: string) => void;
}) {
  const badge = stateBadge(c.state);
  const blocked = c.booking ? cancelBlockedReason(c.booking, cancelHours) : null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="makeup-credit" data-state={c.state}>
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" align="flex-start">
          <Stack gap={2} miw={0}>
            <Group gap={6}>
              <Text fw={600}>{c.studentName}</Text>
              <Badge color={badge.color} variant="light" size="sm">
                {badge.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {creditOrigin(c)}
            </Text>
            {c.state !== 'booked' && (
              <Text size="sm" c={c.state === 'open' ? undefined : 'dimmed'}>
                {expiryText(c)}
              </Text>
            )}
          </Stack>
          {c.state === 'open' && (
            <Button
              size="compact-sm"
              leftSection={<IconCalendarRepeat size={16} />}
              onClick={onBook}
              disabled={c.options.length === 0}
              aria-label={`Book a make-up for ${c.studentName}`}
            >
              Book a make-up
            </Button>
          )}
        </Group>
        {c.state === 'open' && c.options.length === 0 && (
          <Text size="sm" c="dimmed">
            No class with a free place before this credit expires. Please ask the studio.
          </Text>
        )}
        {c.booking && (
          <Group justify="space-between" gap="sm" align="center">
            <Text size="sm" miw={0}>
              {bookingLine(c.booking)}
            </Text>
            <Stack gap={2} align="flex-end">
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => onCancel(c.booking!.id)}
                loading={busy === c.booking.id}
                disabled={blocked !== null || (busy !== null && busy !== c.booking.id)}
                aria-label={`Cancel the make-up of ${c.studentName} in ${c.booking.className}`}
              >
                Cancel
              </Button>
            </Stack>
          </Group>
        )}
        {blocked && (
          <Text size="xs" c="dimmed" data-testid="cancel-blocked">
            {blocked}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
