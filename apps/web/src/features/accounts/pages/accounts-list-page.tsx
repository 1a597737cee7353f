import { Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { findSection } from '../../admin/admin-sections';
import { CopyParentLinkButton } from '../../admin/components/copy-parent-link';
import { useSession } from '../../auth/use-session';

/** The owner home: the studio's family accounts. */
export function AccountsListPage() {
  const session = useSession();
  const section = findSection('accounts');
  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} />
      <EmptyState
        title={section.emptyTitle}
        icon={IconUsers}
        action={session && <CopyParentLinkButton companyId={session.user.cID} mt="sm" />}
      >
        {section.emptyText}
      </EmptyState>
      <Text size="xs" c="dimmed" ta="center">
        The link opens your studio’s parent sign-in page, where families can also register.
      </Text>
    </Stack>
  );
}
