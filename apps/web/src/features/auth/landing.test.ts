import { describe, expect, it } from 'vitest';
import { multiSession, session } from '../../test/fixtures';
import { landingAfterSignIn } from './landing';

const complete = (done: boolean) => async () => done;

describe('where sign-in lands (issue 31 item 14)', () => {
  it('lands an owner whose studio is not set up on the dashboard’s checklist, else on the accounts list', async () => {
    expect(await landingAfterSignIn(session('owner'), '', complete(false))).toBe('/accounts/admin');
    expect(await landingAfterSignIn(session('owner'), '', complete(true))).toBe('/accounts/admin/accounts');
  });

  it('keeps the page asked for, the picker and a parent’s home, without asking for the checklist', async () => {
    const never = async () => {
      throw new Error('not asked');
    };
    const back = '?redirect=%2Faccounts%2Fadmin%2Fstaff';
    expect(await landingAfterSignIn(session('owner'), back, never)).toBe('/accounts/admin/staff');
    expect(await landingAfterSignIn(multiSession(), '', never)).toBe('/accounts');
    expect(await landingAfterSignIn(session('user'), '', never)).toBe('/accounts/parents');
  });

  it('falls back to the accounts list when the checklist cannot be read', async () => {
    const failing = async () => {
      throw new Error('503');
    };
    expect(await landingAfterSignIn(session('owner'), '', failing)).toBe('/accounts/admin/accounts');
  });
});
