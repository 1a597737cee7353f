import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { withChunkReload } from '../../../lib/chunk-reload';

type Props = { opened: boolean; onClose: () => void };

// The form's code (its fields, the schema it checks with and zod) is not part of the account list's
// first download (decision 085): it is asked for once the list is shown, so it is there when the
// dialog opens.
const loadForm = () => import('./new-family-form');
const NewFamilyForm = lazy(withChunkReload(() => loadForm().then((m) => ({ default: m.NewFamilyForm }))));

/**
 * The front desk (POST api/mystudio/account): the owner creates a family over the phone, then lands on
 * its overview. With an e-mail address, the first user is invited to set a password.
 */
export function NewFamilyDialog({ opened, onClose }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  useEffect(() => {
    // Asked ahead, not needed yet: a failure here is left to the dialog's own load when it opens.
    loadForm().catch(() => undefined);
  }, []);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="New family"
      styles={dialogStyles}
      size="xl"
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      {opened && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          }
        >
          <NewFamilyForm onClose={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}
