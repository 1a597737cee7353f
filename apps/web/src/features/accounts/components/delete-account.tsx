import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { accountMessages } from '@pirouette/domain';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNTS_HREF } from '../../../app/paths/account-href';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { SectionCard } from '../../../components/section-card';
import { isApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { accountScope, useDeleteAccount } from '../api/accounts';

/**
 * Deleting the family (001 §2, §8): asked once ('Are you sure?'), then 'Deleted!' and back to the list
 * of accounts, or 'Failed: We were unable to deleted this account.'
 */
export function DeleteAccount({ accountId, familyName }: { accountId: string; familyName: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const [opened, dialog] = useDisclosure(false);
  const deleted = useRef(false);

  // The family's overview is forgotten once the page is left, so nothing fetches it again into a 404.
  useEffect(
    () => () => {
      if (deleted.current) queryClient.removeQueries({ queryKey: accountScope(accountId) });
    },
    [queryClient, accountId],
  );

  const confirm = () =>
    remove.mutate(
      { params: { acctId: accountId, coAcctMemID: accountId } },
      {
        onSuccess: () => {
          deleted.current = true;
          dialog.close();
          notifySuccess(accountMessages.deleted);
          navigate(ACCOUNTS_HREF, { replace: true });
        },
        onError: (error) => {
          // The server's sentence under the title; without one (no answer), the title's words alone.
          const said = isApiError(error) ? error.message : null;
          notifications.show({
            color: 'red',
            title: said === null ? undefined : accountMessages.deleteFailed,
            message: said ?? accountMessages.deleteFailed,
          });
        },
      },
    );

  return (
    <SectionCard
      title="Delete account"
      description={`Deletes the ${familyName} with its students, users and contacts.`}
      style={{ borderColor: 'var(--mantine-color-red-2)' }}
    >
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        onClick={dialog.open}
        w={{ base: '100%', xs: 'auto' }}
      >
        Delete account
      </Button>
      <ConfirmDeleteDialog
        headingTitle
        opened={opened}
        title={accountMessages.deleteConfirmTitle}
        loading={remove.isPending}
        onClose={dialog.close}
        onConfirm={confirm}
      >
        {accountMessages.deleteConfirmText}
        <Text component="span" display="block" size="sm" c="dimmed" mt="xs">
          The {familyName}, its students, users and contacts will be deleted.
        </Text>
      </ConfirmDeleteDialog>
    </SectionCard>
  );
}
