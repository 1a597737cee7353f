import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { withChunkReload } from '../../../lib/chunk-reload';

type Props = { opened: boolean; onClose: () => void };

type FormModule = Pick<typeof import('./new-family-form'), 'NewFamilyForm'>;

// The form's code (its fields, the schema it checks with, @mantine/form) is not part of the account
// list's first download (decision 085): it is asked for once the list is shown, so it is there when the
// dialog opens, which then opens as before (its first field focused, its transition played).
let formModule: FormModule | null = null;
const loadForm = () =>
  import('./new-family-form').then(({ NewFamilyForm }) => {
    formModule = { NewFamilyForm };
    return formModule;
  });

/** Runs `work` once the browser is idle (or after a moment where it cannot say); the returned function cancels it. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}

/** The form's module once loaded: asked once the browser is idle, and again (as a page's code) if the dialog opens without it. */
function useFormModule(opened: boolean) {
  const [module, setModule] = useState<FormModule | null>(formModule);
  useEffect(() => {
    if (module) return;
    let live = true;
    // Asked ahead, a failure is left to the asking when the dialog opens: a chunk gone after a deploy
    // then reloads the page, at most once a minute (lib/chunk-reload.ts).
    const ask = () =>
      (opened ? withChunkReload(loadForm) : loadForm)().then(
        (m) => live && setModule(m),
        () => undefined,
      );
    if (opened) void ask();
    // Ahead of time once the browser is idle: not in the task that shows the page (a phone's first
    // seconds, the list just hydrated).
    const idle = opened ? null : whenIdle(ask);
    return () => {
      live = false;
      idle?.();
    };
  }, [module, opened]);
  return module;
}

/**
 * The front desk (POST api/mystudio/account): the owner creates a family over the phone, then lands on
 * its overview. With an e-mail address, the first user is invited to set a password.
 */
export function NewFamilyDialog({ opened, onClose }: Props) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const form = useFormModule(opened);
  return (
    <Modal
      opened={opened && form !== null}
      onClose={onClose}
      title="New family"
      styles={dialogStyles}
      size="xl"
      radius="lg"
      centered
      fullScreen={isPhone}
    >
      {opened && form && <form.NewFamilyForm onClose={onClose} />}
    </Modal>
  );
}
