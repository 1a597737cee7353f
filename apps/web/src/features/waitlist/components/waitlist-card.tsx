import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  parentRegistrationCalls,
  type RegistrationBuilder,
  type RegistrationResult,
  type WaitlistEntry,
} from '@pirouette/domain';
import { IconHourglass } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useCall } from '../../../lib/call';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useAcceptOffer, useDeclineOffer, useFamilyWaitlist } from '../api/waitlist';
import { heldUntilText, isOpen, positionText } from '../lib/waitlist';

/**
 * The dialog that takes an offered place when the family has no plan for the season yet: the
 * registration's plan and terms steps (class-registration's `AcceptOfferDialog`), handed in by the
 * portal's home, which loads it when a parent chooses to take a place.
 */
export type AcceptOfferProps = {
  entry: WaitlistEntry;
  /** The family's builder: it has no plan for the term yet. */
  builder: RegistrationBuilder;
  onClose: () => void;
  onAccepted: (result: RegistrationResult) => void;
};

/**
 * The family's waitlist in the portal (issue 15 point 5): each dancer waiting with her place, and each
 * place offered with until when it is held, taken or declined here in one step. A family with nothing
 * on a waitlist sees nothing. A failed load is left unsaid: the rest of the portal does not depend on it.
 */
export function WaitlistCard({
  timeZone,
  acceptDialog: AcceptDialog,
}: {
  timeZone?: string | null;
  acceptDialog: ComponentType<AcceptOfferProps>;
}) {
  const session = useSession();
  const zone = timeZone ?? session?.user.timeZone;
  const list = useFamilyWaitlist();
  const open = (list.data ?? []).filter(isOpen);
  const offers = open.filter((e) => e.status === 'offered');
  // Only an offer needs the builder: it says whether the family has a plan to take the place into.
  const builder = useCall(parentRegistrationCalls.builder, undefined, { enabled: offers.length > 0 });
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const [choosing, setChoosing] = useState<WaitlistEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (open.length === 0) return null;

  const done = { onSettled: () => setBusy(null) };
  const take = (entry: WaitlistEntry) => {
    if (builder.data && builder.data.plan === null) {
      setChoosing(entry);
      return;
    }
    setBusy(`accept:${entry.id}`);
    accept.mutate(
      { params: { id: entry.id }, body: {} },
      { onSuccess: (r) => notifySuccess(r.msg), onError: (e) => notifyError(e), ...done },
    );
  };
  const leave = (entry: WaitlistEntry) => {
    setBusy(`decline:${entry.id}`);
    // Leaving a list is said in its own words (the server's speaks of a place passed on).
    const said = (r: { msg: string }) =>
      entry.status === 'waiting' ? `${entry.student} left the waitlist for ${entry.className}.` : r.msg;
    decline.mutate(
      { params: { id: entry.id } },
      { onSuccess: (r) => notifySuccess(said(r)), onError: (e) => notifyError(e), ...done },
    );
  };
  const waiting = open.filter((e) => e.status === 'waiting');
  return (
    <SectionCard title="Waitlist" description="Full classes your dancers wait for. Waiting is free.">
      <Stack gap="sm">
        {[...offers, ...waiting].map((e) => {
          const offered = e.status === 'offered';
          return (
            <Paper
              key={e.id}
              withBorder
              p="sm"
              radius="md"
              data-testid="waitlist-entry"
              data-status={e.status}
              style={offered ? { borderColor: 'var(--mantine-color-teal-5)', borderWidth: 2 } : undefined}
            >
              <Group justify="space-between" gap="sm" align="center">
                <Stack gap={2} miw={0}>
                  <Group gap={6}>
                    <Text fw={600}>{e.className}</Text>
                    {offered ? (
                      <Badge color="teal" size="sm">
                        Place offered
                      </Badge>
                    ) : (
                      <Badge
                        color="grape"
                        variant="light"
                        size="sm"
                        leftSection={<IconHourglass size={12} />}
                      >
                        {positionText(e)}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {e.student}
                    {offered ? ` · ${heldUntilText(e, zone)}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  {offered && (
                    <Button
                      size="compact-sm"
                      color="teal"
                      onClick={() => take(e)}
                      loading={busy === `accept:${e.id}`}
                      disabled={builder.isPending || (busy !== null && busy !== `accept:${e.id}`)}
                      aria-label={`Accept the place in ${e.className} for ${e.student}`}
                    >
                      Accept
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => leave(e)}
                    loading={busy === `decline:${e.id}`}
                    disabled={busy !== null && busy !== `decline:${e.id}`}
                    aria-label={`${offered ? 'Decline the place' : 'Leave the waitlist'} in ${e.className} for ${e.student}`}
                  >
                    {offered ? 'Decline' : 'Leave'}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {choosing && builder.data && (
        <AcceptDialog
          entry={choosing}
          builder={builder.data}
          onClose={() => setChoosing(null)}
          onAccepted={(r) => {
            setChoosing(null);
            notifySuccess(r.msg);
          }}
        />
      )}
    </SectionCard>
  );
}
