import { Button, type ButtonProps, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink } from '@tabler/icons-react';
import { useMarkSetupStep } from '../api/studio-setup';

export const parentSignUpLink = (origin: string, companyId: string) => `${origin}/parent/${companyId}`;

export async function copyParentLink(companyId: string) {
  const link = parentSignUpLink(window.location.origin, companyId);
  try {
    await navigator.clipboard.writeText(link);
    notifications.show({ color: 'teal', title: 'Parent sign-up link copied', message: link });
  } catch {
    // Without clipboard access (an insecure context, a denied permission) the link is shown to copy by hand.
    notifications.show({ color: 'blue', title: 'Parent sign-up link', message: link, autoClose: false });
  }
}

/**
 * Copies the link, and ticks the setup checklist's "share the parent sign-up link" step: copying it is
 * the one sign the server can have that the owner is about to share it. A failed tick is not the
 * owner's concern here; the checklist keeps offering the step.
 */
function useCopyParentLink(companyId: string) {
  const mark = useMarkSetupStep();
  return () => {
    void copyParentLink(companyId);
    mark.mutate({ params: { step: 'parentLink' } });
  };
}

/** Copies the link parents use to sign up with this studio (`/parent/{cID}`). */
export function CopyParentLinkButton({ companyId, ...props }: { companyId: string } & ButtonProps) {
  const copy = useCopyParentLink(companyId);
  return (
    <Button leftSection={<IconLink size={16} />} onClick={copy} {...props}>
      Copy parent sign-up link
    </Button>
  );
}

export function CopyParentLinkMenuItem({ companyId }: { companyId: string }) {
  const copy = useCopyParentLink(companyId);
  return (
    <Menu.Item leftSection={<IconLink size={16} />} onClick={copy}>
      Copy parent sign-up link
    </Menu.Item>
  );
}
