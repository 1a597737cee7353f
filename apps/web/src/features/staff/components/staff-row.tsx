import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { StaffMember } from '@pirouette/domain';
import { IconMailForward, IconUserOff } from '@tabler/icons-react';
import { studioDateTime } from '../../../lib/format';
import { StaffStateBadge } from './staff-state-badge';

type Props = {
  member: StaffMember;
  busy: boolean;
  onInvite: (member: StaffMember) => void;
  onRevoke: (member: StaffMember) => void;
};

/** What the state's dates say, in a line. */
function stateLine(m: StaffMember): string {
  if (m.state === 'invited' && m.invitedAt && m.expiresAt) {
    return m.expired
      ? `Invited ${studioDateTime(m.invitedAt)}; the link expired ${studioDateTime(m.expiresAt)}.`
      : `Invited ${studioDateTime(m.invitedAt)}; the link works until ${studioDateTime(m.expiresAt)}.`;
  }
  if (m.state === 'active' && m.activeSince) return `Signs in since ${studioDateTime(m.activeSince)}.`;
  if (m.state === 'revoked' && m.revokedAt) return `Sign-in revoked ${studioDateTime(m.revokedAt)}.`;
  return 'Not invited yet.';
}

/** One teacher of Staff → Registration: name, address, state, and what the owner can do next. */
export function StaffRow({ member, busy, onInvite, onRevoke }: Props) {
  const name = `${member.firstName} ${member.lastName}`;
  const canRevoke = member.state === 'invited' || member.state === 'active';
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            <StaffStateBadge member={member} />
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
          <Text size="sm">{stateLine(member)}</Text>
        </Stack>
        <Group gap="xs">
          {member.state !== 'active' && (
            <Button
              variant={member.state === 'invited' ? 'default' : 'filled'}
              leftSection={<IconMailForward size={16} />}
              loading={busy}
              onClick={() => onInvite(member)}
              aria-label={`${member.state === 'invited' ? 'Send again to' : 'Invite'} ${name}`}
            >
              {member.state === 'invited' ? 'Send again' : 'Invite'}
            </Button>
          )}
          {canRevoke && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconUserOff size={16} />}
              onClick={() => onRevoke(member)}
              aria-label={`Revoke ${name}`}
            >
              Revoke
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
