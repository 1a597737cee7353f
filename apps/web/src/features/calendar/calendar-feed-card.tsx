import { Alert, Button, CopyButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { type CalendarFeedAnswer, googleCalendarUrlOf, webcalUrlOf } from '@pirouette/domain';
import {
  IconBrandGoogle,
  IconCalendarEvent,
  IconCheck,
  IconCopy,
  IconLock,
  IconRefresh,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { dialogStyles } from '../../components/dialog-styles';
import { LazyModal } from '../../components/lazy-dialog';
import { SectionCard } from '../../components/section-card';
import { SectionLoadError } from '../../components/section-load-error';
import { studioDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useCalendarFeed, useRenewCalendarFeed, useTurnOffCalendarFeed } from './calendar-feed-queries';

type Dialog = 'renew' | 'off' | null;

/**
 * The family's calendar feed on the portal (issue 19 point 5, decision 035): what it is in plain words,
 * a Turn on button; once on, its address to copy, links that add it to Google Calendar and to Apple
 * Calendar or Outlook, a new address (after a confirmation that the old one stops) and Turn off.
 */
export function CalendarFeedCard({ studioName }: { studioName: string }) {
  const query = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const off = useTurnOffCalendarFeed();
  const [dialog, setDialog] = useState<Dialog>(null);
  const busy = renew.isPending || off.isPending;

  const done = {
    onSuccess: (answer: { msg: string }) => {
      notifySuccess(answer.msg);
      setDialog(null);
    },
    onError: (error: unknown) => {
      notifyError(error);
      setDialog(null);
    },
  };
  const turnOn = () => renew.mutate({}, done);

  let body: ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading the calendar feed">
        <Skeleton h={16} w="80%" />
        <Skeleton h={36} w={120} />
      </Stack>
    );
  else if (query.isError) body = <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  else if (!query.data.on || !query.data.url)
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Add your dancers' classes and competitions to Google Calendar, Apple Calendar or Outlook. It keeps
          itself up to date: when {studioName} changes a class or enters your dancer in a competition, your
          calendar follows within a few hours.
        </Text>
        <Button
          leftSection={<IconCalendarEvent size={18} />}
          onClick={turnOn}
          loading={renew.isPending}
          data-testid="calendar-feed-on"
        >
          Turn on
        </Button>
      </Stack>
    );
  else
    body = (
      <FeedOn
        feed={{ ...query.data, url: query.data.url }}
        busy={busy}
        onRenew={() => setDialog('renew')}
        onOff={() => setDialog('off')}
      />
    );

  return (
    <SectionCard
      title="Calendar"
      description="Your dancers' classes and competitions in your own calendar app."
      data-testid="calendar-feed-card"
    >
      {body}
      <LazyModal
        opened={dialog === 'renew'}
        onClose={busy ? () => {} : () => setDialog(null)}
        title="Make a new address?"
        styles={dialogStyles}
        centered
        radius="lg"
      >
        <Stack gap="lg">
          <Text>
            The current address stops working at once: calendars that use it stop updating. Add the new
            address to each calendar again, and remove the old one from them.
          </Text>
          <Text size="sm" c="dimmed">
            Do this if the address was shared with someone who should no longer see your dancers' schedule.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} disabled={busy}>
              Keep this address
            </Button>
            <Button onClick={() => renew.mutate({}, done)} loading={renew.isPending} data-autofocus>
              Make a new address
            </Button>
          </Group>
        </Stack>
      </LazyModal>
      <LazyModal
        opened={dialog === 'off'}
        onClose={busy ? () => {} : () => setDialog(null)}
        title="Turn off the calendar?"
        styles={dialogStyles}
        centered
        radius="lg"
      >
        <Stack gap="lg">
          <Text>
            The address stops working: calendars that use it stop updating, and may keep the events they
            already have until you remove the calendar from them. You can turn it on again at any time, with a
            new address.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} disabled={busy}>
              Keep it on
            </Button>
            <Button color="red" onClick={() => off.mutate({}, done)} loading={off.isPending} data-autofocus>
              Turn off
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </SectionCard>
  );
}

function FeedOn({
  feed,
  busy,
  onRenew,
  onOff,
}: {
  feed: CalendarFeedAnswer & { url: string };
  busy: boolean;
  onRenew: () => void;
  onOff: () => void;
}) {
  const session = useSession();
  return (
    <Stack gap="sm">
      <Text size="sm">Add this address to your calendar app once: from then on it updates itself.</Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Calendar address"
          value={feed.url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="calendar-feed-url"
        />
        <CopyButton value={feed.url} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
              style={{ flexShrink: 0 }}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group gap="sm">
        <Button
          component="a"
          href={googleCalendarUrlOf(feed.url)}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconBrandGoogle size={16} />}
        >
          Add to Google Calendar
        </Button>
        <Button
          component="a"
          href={webcalUrlOf(feed.url)}
          variant="light"
          leftSection={<IconCalendarEvent size={16} />}
        >
          Add to Apple Calendar or Outlook
        </Button>
      </Group>
      <Alert variant="light" color="gray" icon={<IconLock size={18} />} p="xs">
        <Text size="xs">
          Keep this address to yourself: anyone who has it can see your dancers' schedule. Calendar apps check
          it every few hours, so a change can take a while to show.
        </Text>
      </Alert>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="xs" c="dimmed" data-testid="calendar-feed-made">
          {feed.createdAt && `Made ${studioDateTime(feed.createdAt, session?.user.timeZone)}`}
          {feed.createdBy ? ` by ${feed.createdBy}` : ''}
        </Text>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconRefresh size={14} />}
            onClick={onRenew}
            disabled={busy}
          >
            Make a new address
          </Button>
          <Button variant="subtle" color="red" size="compact-sm" onClick={onOff} disabled={busy}>
            Turn off
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
