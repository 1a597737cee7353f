import { Anchor, Card, Code, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADMIN_GROUPS, adminHref } from '../../../app/paths/admin-sections';
import { PageHeader } from '../../../components/page-header';
import { dateRange } from '../../../lib/format';
import { useSession } from '../../../lib/use-session';
import { CardLimitsPanel } from '../../cards/components/card-limits-panel';
import { useStudioSetup } from '../api/studio-setup';
import { CopyParentLinkButton, parentSignUpLink } from '../components/copy-parent-link';
import { SetupChecklist } from '../components/setup-checklist';

/**
 * /accounts/admin: where an owner lands after choosing a studio. A studio still being set up sees its
 * checklist first; once set up, the checklist folds to one line below the studio's facts.
 */
export function AdminHomePage() {
  const session = useSession();
  const setup = useStudioSetup(!!session);
  if (!session) return null;
  const { user, yrTrm } = session;
  const checklist = setup.data ? (
    <SetupChecklist setup={setup.data} studioName={user.cName} companyId={user.cID} />
  ) : null;
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Welcome, ${user.firstName}`}
        description={`Everything about ${user.cName} in one place.`}
      />
      {setup.data && !setup.data.complete && checklist}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card p="lg">
          <Group gap="md" align="flex-start" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light">
              <IconCalendarEvent size={24} />
            </ThemeIcon>
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                Current year term
              </Text>
              {yrTrm ? (
                <>
                  <Title order={3} fz="lg">
                    {yrTrm.name}
                  </Title>
                  <Text size="sm">{dateRange(yrTrm.dateStart, yrTrm.dateEnd)}</Text>
                </>
              ) : (
                <Text>No year term is set as current.</Text>
              )}
              <Anchor component={Link} to={adminHref('myStudio/dance-year')} size="sm">
                See all year terms
              </Anchor>
            </Stack>
          </Group>
        </Card>
        <Card p="lg">
          <Group gap="md" align="flex-start" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light">
              <IconLink size={24} />
            </ThemeIcon>
            <Stack gap={6} miw={0} style={{ flex: 1 }}>
              <Text size="sm" c="dimmed">
                Parent sign-up link
              </Text>
              <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
                {parentSignUpLink(window.location.origin, user.cID)}
              </Code>
              <Group>
                <CopyParentLinkButton companyId={user.cID} size="xs" variant="light" />
              </Group>
            </Stack>
          </Group>
        </Card>
      </SimpleGrid>
      {setup.data?.complete && checklist}
      <CardLimitsPanel timeZone={user.timeZone} />
      <Title order={3} fz="lg" mt="sm">
        Studio areas
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {ADMIN_GROUPS.map((group) => (
          <Card key={group.label} p="md">
            <Group gap="sm" mb="xs">
              <ThemeIcon variant="light" radius="md">
                <group.icon size={18} />
              </ThemeIcon>
              <Text fw={600}>{group.label}</Text>
            </Group>
            <Stack gap={4}>
              {group.sections.map((s) => (
                <Anchor key={s.path} component={Link} to={adminHref(s.path)} size="sm">
                  {s.label}
                </Anchor>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
