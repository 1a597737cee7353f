import { Badge, Button, Text } from '@mantine/core';
import type { BuilderClass, Eligibility, WaitlistEntry } from '@pirouette/domain';
import { IconHourglass } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useJoinWaitlist } from '../api/waitlist';
import { positionText } from '../lib/waitlist';

type Props = {
  cls: BuilderClass;
  stdID: string;
  firstName: string;
  /** The dancer's open entry for the class, if any. */
  entry: WaitlistEntry | undefined;
  eligibility: Eligibility | undefined;
};

/**
 * Under a full class in the parent's builder: the dancer's place on its waitlist, an offer to take from
 * the family's page, or the button to join (which charges nothing). Nothing for a class the dancer could
 * not take anyway (closed, or not open to her: the card says why).
 */
export function JoinWaitlist({ cls, stdID, firstName, entry, eligibility }: Props) {
  const join = useJoinWaitlist();
  if (entry?.status === 'offered') {
    return (
      <>
        <Badge size="sm" color="teal" variant="light" mt={4} data-testid="waitlist-offered">
          Place offered
        </Badge>
        <Text size="xs" c="dimmed">
          Take it on your family page.
        </Text>
      </>
    );
  }
  if (entry) {
    return (
      <Badge
        size="sm"
        color="grape"
        variant="light"
        mt={4}
        leftSection={<IconHourglass size={12} />}
        data-testid="waitlist-position"
      >
        {`On the waitlist (${entry.position ? `#${entry.position}` : positionText(entry)})`}
      </Badge>
    );
  }
  if (!cls.isOpen || (eligibility && !eligibility.ok)) return null;
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        mt={4}
        loading={join.isPending}
        onClick={() =>
          join.mutate(
            { body: { stdID, clSchID: cls.id } },
            {
              onSuccess: (answer) => notifySuccess(answer.msg),
              onError: (error) => notifyError(error),
            },
          )
        }
        aria-label={`Join the waitlist for ${cls.name} (${firstName})`}
      >
        Join the waitlist
      </Button>
      <Text size="xs" c="dimmed">
        Free; we e-mail you when a place opens.
      </Text>
    </>
  );
}
