import { APP_DESCRIPTION, APP_NAME } from '@pirouette/domain';

/**
 * The social links of the public pages. They share this Pirouette site rather than point at accounts
 * that do not exist: each opens the network's own share dialog with this site's address.
 */
export function shareLinks(origin: string) {
  const url = encodeURIComponent(origin);
  const text = encodeURIComponent(`${APP_NAME}: ${APP_DESCRIPTION}`);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: 'X', href: `https://x.com/intent/post?url=${url}&text=${text}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ] as const;
}
