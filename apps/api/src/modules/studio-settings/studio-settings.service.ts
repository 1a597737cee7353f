import {
  type Actor,
  can,
  messages,
  readMoneySettings,
  type StudioDetails,
  type StudioMoneySettings,
  type StudioSettingsResult,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import {
  type CompanyRow,
  findCompany,
  updateCompanyDetails,
  updateCompanyMoneySettings,
} from './studio-settings.queries';

const studioNotFound = () => new AppError('not_found', messages.studioNotFound);

function presentDetails(row: CompanyRow): StudioDetails {
  return {
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    phone: row.phone,
    email: row.email,
    timeZone: row.timeZone,
  };
}

export async function getStudioSettings({
  db,
  actor,
}: {
  db: Db;
  actor: Actor;
}): Promise<StudioSettingsResult> {
  if (!can(actor, 'studio:read')) throw forbidden();
  const row = await findCompany(db, actor.companyId);
  if (!row) throw studioNotFound();
  return { studio: presentDetails(row), money: readMoneySettings(row.moneySettings) };
}

/** The studio's name, address, contact and time zone. The session reads the name from here on every request. */
export async function saveStudioDetails({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: StudioDetails;
}): Promise<{ msg: string; studio: StudioDetails }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return db.transaction(async (tx) => {
    const before = await findCompany(tx, actor.companyId);
    if (!before) throw studioNotFound();
    const row = await updateCompanyDetails(tx, actor.companyId, input);
    if (!row) throw studioNotFound();
    const changed = (Object.keys(input) as (keyof StudioDetails)[]).filter((k) => before[k] !== input[k]);
    await audit(tx, {
      action: 'studio.update_details',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'company',
      targetId: actor.companyId,
      // Which fields changed, not their values: addresses and phones stay out of the log.
      detail: { changed },
    });
    return { msg: messages.updateSuccessful, studio: presentDetails(row) };
  });
}

/** The money rules' settings: unlimited cap reading, sibling index mode and fees, stored whole. */
export async function saveMoneySettings({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: StudioMoneySettings;
}): Promise<{ msg: string; money: StudioMoneySettings }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return db.transaction(async (tx) => {
    const row = await updateCompanyMoneySettings(tx, actor.companyId, { ...input });
    if (!row) throw studioNotFound();
    await audit(tx, {
      action: 'studio.update_money_settings',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'company',
      targetId: actor.companyId,
      detail: { ...input },
    });
    return { msg: messages.updateSuccessful, money: readMoneySettings(row.moneySettings) };
  });
}
