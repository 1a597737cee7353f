import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandX } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { shareLinks } from '../lib/share-links';

const ICONS = { Facebook: IconBrandFacebook, X: IconBrandX, LinkedIn: IconBrandLinkedin } as const;

const unchanging = () => () => undefined;

/**
 * The social links of the public pages: share this site on each network. The site's address is the
 * browser's: a page the server rendered (the sign-in page, decision 133) has none until it is hydrated.
 */
export function ShareLinks() {
  const origin = useSyncExternalStore(
    unchanging,
    () => window.location.origin,
    () => null,
  );
  if (origin === null) return null;
  const links = shareLinks(origin);
  return (
    <Group gap={6} wrap="nowrap" aria-label="Share Pirouette">
      {links.map((link) => {
        const Icon = ICONS[link.network];
        return (
          <Tooltip key={link.network} label={`Share on ${link.network}`}>
            <ActionIcon
              component="a"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Share on ${link.network}`}
            >
              <Icon size={18} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
