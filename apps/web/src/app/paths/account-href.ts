import { adminHref } from './admin-sections';

/** The accounts list and one family's overview. */
export const ACCOUNTS_HREF = adminHref('accounts');
export const accountHref = (id: string) => `${ACCOUNTS_HREF}/${encodeURIComponent(id)}`;
