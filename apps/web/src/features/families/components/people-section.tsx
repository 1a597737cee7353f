import { Anchor, Avatar, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { type FamilyContact, type FamilyUser, formatPhone, initials } from '@pirouette/domain';
import { IconAddressBook, IconPhone, IconPlus } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { LOGIN_BADGE, personName } from '../family-view';
import { RowActions } from './row-actions';

type Adult = FamilyUser | FamilyContact;
type AdultType = 'user' | 'contact';

type Props = {
  users: FamilyUser[];
  contacts: FamilyContact[];
  onAdd?: (type: AdultType) => void;
  onEdit?: (type: AdultType, p: Adult) => void;
  onDelete?: (type: AdultType, p: Adult) => void;
  /** Something more on a user's row: a "You" badge, an invitation button… */
  userExtra?: (u: FamilyUser) => ReactNode;
  /** Hides Delete on the rows it says no to (a parent does not remove themselves); all may by default. */
  canDelete?: (type: AdultType, p: Adult) => boolean;
  /** The words under "Users", when the reader's are not the studio's (the parent portal's). */
  usersHint?: string;
};

/** A family's users (who look after the account, and may sign in) and its other contacts (001 §2). */
export function PeopleSection({
  users,
  contacts,
  onAdd,
  onEdit,
  onDelete,
  userExtra,
  canDelete,
  usersHint = 'The adults who look after the family account. With an e-mail address they can sign in.',
}: Props) {
  const addButton = (type: AdultType) =>
    onAdd && (
      <Button
        variant="light"
        size="sm"
        leftSection={<IconPlus size={16} />}
        onClick={() => onAdd(type)}
        style={{ flexShrink: 0 }}
      >
        {type === 'user' ? 'Add user' : 'Add contact'}
      </Button>
    );
  const actions = (type: AdultType, p: Adult) => ({
    onEdit: onEdit && (() => onEdit(type, p)),
    onDelete: onDelete && canDelete?.(type, p) !== false ? () => onDelete(type, p) : undefined,
  });
  return (
    <Stack gap="lg" component="section" aria-label="Users and contacts">
      <SectionCard title="Users" description={usersHint} action={addButton('user')}>
        <PeopleRows empty="No users on this account.">
          {users.map((u) => (
            <PersonRow key={u.id} person={u} {...actions('user', u)}>
              {u.email ? (
                <Anchor href={`mailto:${u.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {u.email}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  No e-mail address
                </Text>
              )}
              <Group gap={6} wrap="wrap">
                <Badge size="sm" variant="light" color={LOGIN_BADGE[u.login].color} data-testid="login-badge">
                  {LOGIN_BADGE[u.login].label}
                </Badge>
                {userExtra?.(u)}
              </Group>
            </PersonRow>
          ))}
        </PeopleRows>
      </SectionCard>
      <SectionCard
        title="Contacts"
        description="Other people the studio may call about the dancers."
        action={addButton('contact')}
      >
        <PeopleRows empty="No other contacts yet.">
          {contacts.map((c) => (
            <PersonRow key={c.id} person={c} {...actions('contact', c)} />
          ))}
        </PeopleRows>
      </SectionCard>
    </Stack>
  );
}

function PeopleRows({ empty, children }: { empty: string; children: ReactNode[] }) {
  if (children.length === 0) {
    return (
      <Group gap="xs" wrap="nowrap">
        <IconAddressBook size={18} style={{ flexShrink: 0, opacity: 0.5 }} />
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      {children.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows carry their own keys; this only separates them
        <Fragment key={i}>
          {i > 0 && <Divider />}
          {row}
        </Fragment>
      ))}
    </Stack>
  );
}

function PersonRow({
  person,
  onEdit,
  onDelete,
  children,
}: {
  person: Adult;
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  const name = personName(person);
  const phone = formatPhone(person.phone);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" aria-label={name} role="group">
      <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
        <Avatar radius="xl" color="gray" variant="light">
          {initials(person.firstName, person.lastName) || '?'}
        </Avatar>
        <Stack gap={4} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{name}</Text>
            {person.role && (
              <Badge size="sm" variant="outline" color="gray" tt="none">
                {person.role}
              </Badge>
            )}
          </Group>
          {phone && (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={14} style={{ flexShrink: 0, opacity: 0.6 }} />
              <Anchor href={`tel:${person.phone}`} size="sm" c="inherit">
                {phone}
              </Anchor>
            </Group>
          )}
          {children}
        </Stack>
      </Group>
      <RowActions label={name} onEdit={onEdit} onDelete={onDelete} />
    </Group>
  );
}
