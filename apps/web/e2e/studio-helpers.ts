import { type APIRequestContext, expect } from '@playwright/test';
import { waitForMail } from './helpers';

/** A new studio, registered through the API as the screens would: code, check, details. */
export async function registerStudio(request: APIRequestContext, email: string, password = 'Setup1234') {
  await request.get(`/api/registration/confirm/email/${email}`);
  const mail = await waitForMail(request, email, (m) => /\b\d{6}\b/.test(m.subject));
  const code = /\b(\d{6})\b/.exec(mail.subject)![1];
  expect((await request.get(`/api/registration/email/validate/${email}/${code}`)).ok()).toBe(true);
  const address = {
    address: '5 Pine St',
    city: 'Trenton',
    state: 'NJ',
    zipcode: '08608',
    phone: '6095550100',
  };
  const res = await request.post('/api/registration/account', {
    data: {
      login: { email, password },
      user: { firstName: 'Nina', lastName: 'Park', phone: '6095550100' },
      accountInfo: address,
      studioInfo: { name: 'Pine Street Dance', ...address, email: 'hello@pine.example' },
      aboutUS: { option: 'Word of mouth', notes: '' },
    },
  });
  expect(res.ok()).toBe(true);
}
