import type { AccountInfo } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../../lib/zod-form';
import { contactInfoBody, contactInfoErrors, contactInfoValues } from './contact-info-form';

const info: AccountInfo = {
  id: '77777777-7777-4777-8777-777777777777',
  coAcctMemID: '77777777-7777-4777-8777-777777777777',
  lastName: 'Patel',
  address: '12 Elm St',
  address2: '',
  city: 'Montclair',
  state: 'NJ',
  zipcode: '07042',
  phone: '9735550123',
  email: 'parent@demo.example',
  status: 'active',
  createdAt: '2026-08-01T12:00:00.000Z',
};

describe('contact information form', () => {
  it('opens on the family values, the phone as typed', () => {
    expect(contactInfoValues(info)).toEqual({
      address: '12 Elm St',
      address2: '',
      city: 'Montclair',
      state: 'NJ',
      zipcode: '07042',
      phone: '(973) 555-0123',
      email: 'parent@demo.example',
    });
  });

  it('needs every field but the second address line (001 §5)', () => {
    const blank = { address: '', address2: '', city: '', state: '', zipcode: '', phone: '', email: '' };
    expect(contactInfoErrors(blank)).toEqual({
      address: REQUIRED,
      city: REQUIRED,
      state: REQUIRED,
      zipcode: REQUIRED,
      phone: REQUIRED,
      email: REQUIRED,
    });
    expect(contactInfoErrors(contactInfoValues(info))).toEqual({});
    expect(contactInfoErrors({ ...contactInfoValues(info), zipcode: '0704' })).toEqual({
      zipcode: 'Please enter a 5-digit ZIP code',
    });
  });

  it('sends the values trimmed, the phone as digits', () => {
    expect(
      contactInfoBody({ ...contactInfoValues(info), city: ' Montclair ', email: 'Parent@Demo.example' }),
    ).toEqual({
      address: '12 Elm St',
      address2: '',
      city: 'Montclair',
      state: 'NJ',
      zipcode: '07042',
      phone: '9735550123',
      email: 'parent@demo.example',
    });
  });
});
