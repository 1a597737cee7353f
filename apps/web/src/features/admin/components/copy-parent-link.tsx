import { Button, type ButtonProps, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink } from '@tabler/icons-react';

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

/** Copies the link parents use to sign up with this studio (`/parent/{cID}`). */
export function CopyParentLinkButton({ companyId, ...props }: { companyId: string } & ButtonProps) {
  return (
    <Button leftSection={<IconLink size={16} />} onClick={() => copyParentLink(companyId)} {...props}>
      Copy parent sign-up link
    </Button>
  );
}

export function CopyParentLinkMenuItem({ companyId }: { companyId: string }) {
  return (
    <Menu.Item leftSection={<IconLink size={16} />} onClick={() => copyParentLink(companyId)}>
      Copy parent sign-up link
    </Menu.Item>
  );
}
