import { describe, expect, it } from 'vitest';
import { activeHref } from './admin-sections';

describe('activeHref', () => {
  it.each([
    ['/accounts/admin/accounts', '/accounts/admin/accounts'],
    ['/accounts/admin/accounts/', '/accounts/admin/accounts'],
    // An account's overview belongs to the list of accounts…
    ['/accounts/admin/accounts/0b6f7a52-4a0e-4b8e-9a55-5f0c2b1d9e10', '/accounts/admin/accounts'],
    // …but the payments pages under the same address have entries of their own.
    ['/accounts/admin/accounts/payments', '/accounts/admin/accounts/payments'],
    ['/accounts/admin/myStudio/locations', '/accounts/admin/myStudio/locations'],
    ['/accounts/admin/mystudio/LOCATIONS', '/accounts/admin/myStudio/locations'],
    ['/accounts/admin', null],
    ['/accounts/parents', null],
  ])('%s → %s', (pathname, href) => {
    expect(activeHref(pathname)).toBe(href);
  });
});
