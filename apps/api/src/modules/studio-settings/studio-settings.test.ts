import { DEFAULT_STUDIO_MONEY_SETTINGS, messages, STUDIO_SETTINGS_TEXT } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditCount } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { companies } from '../../db/schema/companies';

const { t, s } = useTwoStudios();

const URL = '/api/mystudio/settings';
const companyOf = async (id: string) =>
  (await t.database.db.select().from(companies).where(eq(companies.id, id)))[0]!;

const details = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lopez Dance Academy',
  address: '3 Park Pl',
  city: 'Newark',
  state: 'nj',
  zipcode: '07102-1234',
  phone: '(973) 555-0122',
  email: 'Front.Desk@Lopez.example',
  timeZone: 'America/Chicago',
  ...overrides,
});

describe('GET api/mystudio/settings', () => {
  it('answers the studio and its money settings with their defaults', async () => {
    const res = await s.b.get('/api/myStudio/Settings');
    expect(res).toMatchObject({ status: 200 });
    expect(res.body[1]).toEqual({
      studio: {
        name: 'Second Position Ballet',
        address: '9 Elm St',
        city: 'Trenton',
        state: 'NJ',
        zipcode: '08608',
        phone: '6095550100',
        email: 'hello@second.example',
        timeZone: 'America/New_York',
      },
      money: DEFAULT_STUDIO_MONEY_SETTINGS,
    });
  });

  it('reads past a stored setting it cannot use, keeping the rest', async () => {
    await t.database.db
      .update(companies)
      .set({ moneySettings: { siblingIndex: 'student+class', lateFee: 'twenty' } })
      .where(eq(companies.id, s.companyB));
    expect((await s.b.get(URL)).body[1].money).toEqual({
      ...DEFAULT_STUDIO_MONEY_SETTINGS,
      siblingIndex: 'student+class',
    });
  });

  it("refuses a parent's token with 403 and no session with 401", async () => {
    expect(await s.parent.get(URL)).toMatchObject({ status: 403, body: [false, messages.forbidden] });
    expect((await s.anonymous.get(URL)).status).toBe(401);
  });
});

describe('PUT api/mystudio/settings/studio', () => {
  it('saves the details, normalised; the session shows the new name; it is audited', async () => {
    const before = await auditCount(t, s.companyA, 'studio.update_details');
    const res = await s.a.put(`${URL}/studio`, details());
    const saved = {
      name: 'Lopez Dance Academy',
      address: '3 Park Pl',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102-1234',
      phone: '9735550122',
      email: 'front.desk@lopez.example',
      timeZone: 'America/Chicago',
    };
    expect(res).toMatchObject({
      status: 200,
      body: [true, { msg: messages.updateSuccessful, studio: saved }],
    });
    expect((await s.a.get(URL)).body[1].studio).toEqual(saved);
    const me = await s.a.get('/api/auth/me');
    expect(me.body[1].user).toMatchObject({ cName: 'Lopez Dance Academy', timeZone: 'America/Chicago' });
    expect(await auditCount(t, s.companyA, 'studio.update_details')).toBe(before + 1);
    // Studio B is untouched.
    expect((await companyOf(s.companyB)).name).toBe('Second Position Ballet');
  });

  it('keeps a time zone outside the usual list when it is a real one, in its canonical spelling', async () => {
    const res = await s.a.put(`${URL}/studio`, details({ timeZone: 'europe/london' }));
    expect(res.body[1].studio.timeZone).toBe('Europe/London');
    await s.a.put(`${URL}/studio`, details());
  });

  it.each([
    ['no name', { name: '  ' }, 'Studio name is required'],
    ['no address', { address: '' }, 'Address is required'],
    ['no city', { city: '' }, 'City is required'],
    ['no state', { state: 'New Jersey' }, 'Please choose a state'],
    ['a bad ZIP code', { zipcode: '7102' }, 'Please enter a 5-digit ZIP code'],
    ['a short phone', { phone: '555-0122' }, 'Please enter a 10-digit phone number'],
    ['a bad e-mail', { email: 'front desk' }, 'Please enter a valid e-mail address'],
    ['no e-mail', { email: '' }, messages.emailRequired],
    ['no time zone', { timeZone: '' }, STUDIO_SETTINGS_TEXT.timeZoneRequired],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, STUDIO_SETTINGS_TEXT.timeZoneInvalid],
    ['an offset for a time zone', { timeZone: '+05:00' }, STUDIO_SETTINGS_TEXT.timeZoneInvalid],
  ])('refuses %s with 400 and its message, changing nothing', async (_, overrides, message) => {
    const before = await companyOf(s.companyA);
    expect(await s.a.put(`${URL}/studio`, details(overrides))).toMatchObject({
      status: 400,
      body: [false, message],
    });
    expect(await companyOf(s.companyA)).toEqual(before);
  });

  it("refuses a parent's token with 403, changing nothing", async () => {
    const before = await companyOf(s.companyA);
    expect(await s.parent.put(`${URL}/studio`, details({ name: 'Parent Studio' }))).toMatchObject({
      status: 403,
    });
    expect(await companyOf(s.companyA)).toEqual(before);
  });
});

describe('PUT api/mystudio/settings/money', () => {
  const money = {
    unlimited: { preset: 'custom', first: 30_000, others: 12_500 },
    siblingIndex: 'student+class',
    registrationFee: { amount: 4000, participation: 'Online' },
    lateFee: { amount: 2500, afterDays: 10 },
    bouncedCheckFee: { amount: 3000 },
    registration: { approval: true, waitlistOfferHours: 48 },
  };

  it('saves the settings in companies.money_settings and audits it', async () => {
    const before = await auditCount(t, s.companyA, 'studio.update_money_settings');
    expect(await s.a.put(`${URL}/money`, money)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.updateSuccessful, money }],
    });
    // The family e-mail switches, not sent, are kept as they were (all on, by default).
    const kept = {
      ...money,
      familyEmails: DEFAULT_STUDIO_MONEY_SETTINGS.familyEmails,
      // Left out, the card surcharge takes its default: off (decision 069).
      cardSurcharge: DEFAULT_STUDIO_MONEY_SETTINGS.cardSurcharge,
    };
    expect((await companyOf(s.companyA)).moneySettings).toEqual(kept);
    expect((await s.a.get(URL)).body[1].money).toEqual(kept);
    expect(await auditCount(t, s.companyA, 'studio.update_money_settings')).toBe(before + 1);
  });

  it.each(['A', 'B', 'C', 'none'])(
    'takes the reading %s, other fields taking their defaults',
    async (preset) => {
      const res = await s.a.put(`${URL}/money`, { unlimited: { preset } });
      expect(res.body[1].money).toEqual({ ...DEFAULT_STUDIO_MONEY_SETTINGS, unlimited: { preset } });
    },
  );

  it.each([
    // zod's own wording never reaches a person (issue 13): an unknown value is 'Invalid input.'.
    ['an unknown reading', { unlimited: { preset: 'D' } }, messages.invalidInput],
    ['a custom cap without amounts', { unlimited: { preset: 'custom' } }, messages.invalidInput],
    [
      'a custom cap of 0',
      { unlimited: { preset: 'custom', first: 0, others: 0 } },
      STUDIO_SETTINGS_TEXT.capNotZero,
    ],
    [
      'a further child capped above the first',
      { unlimited: { preset: 'custom', first: 10_000, others: 20_000 } },
      STUDIO_SETTINGS_TEXT.capOthersAboveFirst,
    ],
    ['an unknown sibling mode', { siblingIndex: 'class' }, messages.invalidInput],
    ['a fee in part cents', { lateFee: { amount: 20.5, afterDays: 14 } }, 'Amounts are whole cents'],
    ['a negative fee', { bouncedCheckFee: { amount: -1 } }, 'Amounts cannot be negative'],
    ['a huge fee', { registrationFee: { amount: 10_000_001, participation: 'x' } }, 'Amount too large'],
    [
      'a long participation',
      { registrationFee: { amount: 3500, participation: 'x'.repeat(41) } },
      STUDIO_SETTINGS_TEXT.participationTooLong,
    ],
  ])('refuses %s with 400, changing nothing', async (_, body, message) => {
    const before = (await companyOf(s.companyA)).moneySettings;
    expect(await s.a.put(`${URL}/money`, body)).toMatchObject({ status: 400, body: [false, message] });
    expect((await companyOf(s.companyA)).moneySettings).toEqual(before);
  });

  it("refuses a parent's token with 403, changing nothing", async () => {
    const before = (await companyOf(s.companyA)).moneySettings;
    expect(await s.parent.put(`${URL}/money`, money)).toMatchObject({ status: 403 });
    expect((await companyOf(s.companyA)).moneySettings).toEqual(before);
  });
});
