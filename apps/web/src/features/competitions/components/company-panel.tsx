import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  type CompetitionCompanyItem,
  type CompetitionEventItem,
  type CompetitionLocationItem,
  formatPhone,
  messages,
  todayInZone,
} from '@pirouette/domain';
import { IconCalendarPlus, IconDots, IconMapPin, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { errorText } from '../../../lib/notify';
import { useDialog } from '../../../lib/use-dialog';
import { useCompetitionLocations } from '../api/competitions';
import { addressLine, companyContact, countText, locationName, upcomingFirst } from '../lib/competitions';
import { EventDialog } from './event-dialog';
import { EventItem } from './event-item';
import { LocationDialog } from './location-dialog';

type Props = {
  company: CompetitionCompanyItem;
  narrow: boolean;
  onEdit: (c: CompetitionCompanyItem) => void;
  onDelete: (c: CompetitionCompanyItem) => void;
};

/** The company's card: its name, contact, address, counts, and its edit and delete buttons. */
function CompanyCard({ company, narrow, onEdit, onDelete }: Props) {
  const address = addressLine(company);
  const director = companyContact({ ...company, email: '', phone: '' });
  return (
    <Card>
      <Group justify="space-between" align="flex-start" wrap={narrow ? 'wrap' : 'nowrap'} gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={3} fz="lg">
            {company.name}
          </Title>
          <Anchor href={`mailto:${company.email}`} size="sm" style={{ alignSelf: 'flex-start' }}>
            {company.email}
          </Anchor>
          {company.phone && <Text size="sm">{formatPhone(company.phone)}</Text>}
          {director && <Text size="sm">{director}</Text>}
          {address && (
            <Text size="sm" c="dimmed">
              {address}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {countText(company.nLocations, 'location', 'locations')} ·{' '}
            {countText(company.nEvents, 'event', 'events').toLowerCase()}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <EditDeleteButtons
            name={company.name}
            onEdit={() => onEdit(company)}
            onDelete={() => onDelete(company)}
          />
        </Group>
      </Group>
    </Card>
  );
}

type Dialog<T> = ReturnType<typeof useDialog<T>>;

type LocationProps = {
  location: CompetitionLocationItem;
  events: CompetitionEventItem[];
  today: string;
  narrow: boolean;
  onNewEvent: (locationId: string) => void;
  locationDialog: Dialog<CompetitionLocationItem>;
  eventDialog: Dialog<CompetitionEventItem>;
};

/** One venue: its name and address, a new event there, its menu, and its events. */
function LocationCard({
  location: l,
  events,
  today,
  narrow,
  onNewEvent,
  locationDialog,
  eventDialog,
}: LocationProps) {
  // A venue named by its street shows the rest of its address beneath.
  const where = l.name ? addressLine(l) : addressLine({ ...l, address_1: '' });
  return (
    <Paper withBorder radius="md" data-testid="competition-location">
      <Group justify="space-between" wrap="nowrap" p="sm" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text fw={600}>{locationName(l)}</Text>
          </Group>
          {where && (
            <Text size="xs" c="dimmed">
              {where}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconCalendarPlus size={14} />}
            onClick={() => onNewEvent(l.id)}
            aria-label={`New event at ${locationName(l)}`}
          >
            {narrow ? 'Event' : 'New event'}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`More for ${locationName(l)}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPencil size={14} />}
                onClick={() => locationDialog.open('edit', l)}
              >
                Edit location
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => locationDialog.open('del', l)}
              >
                Delete location
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed" px="sm" pb="sm">
          No events here yet.
        </Text>
      ) : (
        events.map((e) => (
          <EventItem
            key={e.id}
            event={e}
            past={e.dateEnd < today}
            narrow={narrow}
            onEdit={(ev) => eventDialog.open('edit', ev)}
            onDelete={(ev) => eventDialog.open('del', ev)}
          />
        ))
      )}
    </Paper>
  );
}

/** The heading of the locations, with adding a location and a new event once there is a location. */
function LocationsHeader({
  hasLocations,
  onAddLocation,
  onNewEvent,
}: {
  hasLocations: boolean;
  onAddLocation: () => void;
  onNewEvent: () => void;
}) {
  return (
    <Group justify="space-between" align="center">
      <Title order={4} fz="md">
        Locations and events
      </Title>
      {hasLocations && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPlus size={14} />}
            onClick={onAddLocation}
          >
            Add location
          </Button>
          <Button size="compact-sm" leftSection={<IconCalendarPlus size={14} />} onClick={onNewEvent}>
            New event
          </Button>
        </Group>
      )}
    </Group>
  );
}

/** The open company: its contact, its locations, and the events at each with their entries. */
export function CompanyPanel(props: Props) {
  const { company, narrow } = props;
  const query = useCompetitionLocations(company.id);
  const locationDialog = useDialog<CompetitionLocationItem>();
  const eventDialog = useDialog<CompetitionEventItem>();
  const [eventAt, setEventAt] = useState<string | null>(null);
  const today = todayInZone();
  const locations = query.data?.loc ?? [];

  const newEvent = (locationId: string | null) => {
    setEventAt(locationId);
    eventDialog.open('new');
  };

  let body: React.ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading locations">
        <Skeleton h={120} radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  else if (query.isError)
    body = (
      <LoadError message={errorText(query.error, messages.loadFailed)} onRetry={() => query.refetch()} />
    );
  else if (locations.length === 0)
    body = (
      <EmptyState
        title="No locations yet"
        icon={IconMapPin}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => locationDialog.open('new')}>
            Add location
          </Button>
        }
      >
        Add the venues where {company.name} holds its events; each event is at one of them.
      </EmptyState>
    );
  else
    body = (
      <Stack gap="sm">
        {locations.map((l) => (
          <LocationCard
            key={l.id}
            location={l}
            events={upcomingFirst(
              query.data.event.filter((e) => e.compCoLocID === l.id),
              today,
            )}
            today={today}
            narrow={narrow}
            onNewEvent={newEvent}
            locationDialog={locationDialog}
            eventDialog={eventDialog}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      <CompanyCard {...props} />
      <LocationsHeader
        hasLocations={locations.length > 0}
        onAddLocation={() => locationDialog.open('new')}
        onNewEvent={() => newEvent(null)}
      />
      {body}
      <LocationDialog
        companyId={company.id}
        state={locationDialog.state}
        opened={locationDialog.opened}
        onClose={locationDialog.close}
      />
      <EventDialog
        state={eventDialog.state}
        opened={eventDialog.opened}
        onClose={eventDialog.close}
        locations={locations}
        locationId={eventAt}
      />
    </Stack>
  );
}
