import type { Db } from './client';
import { locations, rooms } from './schema/locations';
import { teachers } from './schema/staff';
import { classTuitions, discounts, privateTuitions } from './schema/tuition';

/**
 * A demo studio's configuration, so its screens show something real: a location with two rooms,
 * three teachers, this season's class and private prices, and the two usual discounts.
 */
export async function seedDemoSetup(db: Db, studio: { companyId: string; yearTermId: string; city: string }) {
  const { companyId, yearTermId } = studio;
  const place = { address: '120 Main Street', city: studio.city, state: 'NJ', zipcode: '07042' };
  const [location] = await db
    .insert(locations)
    .values({ companyId, name: 'Main Street Studio', ...place, phone: '9735550142' })
    .returning({ id: locations.id });
  await db.insert(rooms).values([
    { companyId, locationId: location!.id, name: 'Studio A', description: 'Large studio, sprung floor' },
    { companyId, locationId: location!.id, name: 'Studio B', description: 'Small studio with barres' },
  ]);
  await db.insert(teachers).values([
    {
      companyId,
      firstName: 'Camille',
      lastName: 'Durand',
      ...place,
      phone: '9735550161',
      email: 'camille@demo.example',
    },
    {
      companyId,
      firstName: 'Marcus',
      lastName: 'Hill',
      ...place,
      phone: '9735550162',
      email: 'marcus@demo.example',
    },
    {
      companyId,
      firstName: 'Aiko',
      lastName: 'Tanaka',
      ...place,
      phone: '9735550163',
      email: 'aiko@demo.example',
    },
  ]);
  await db.insert(classTuitions).values([
    { companyId, yearTermId, duration: 45, price: 5500 },
    { companyId, yearTermId, duration: 60, price: 6500 },
    { companyId, yearTermId, duration: 90, price: 8500 },
  ]);
  await db.insert(privateTuitions).values([
    { companyId, yearTermId, name: 'Solo', nDancers: 1, price: 7000 },
    { companyId, yearTermId, name: 'Duet', nDancers: 2, price: 4500 },
    { companyId, yearTermId, name: 'Trio', nDancers: 3, price: 3500, applyDiscount: false },
  ]);
  await db.insert(discounts).values([
    {
      companyId,
      typeId: 100,
      vTypeId: 100,
      value: 0.1,
      rValue: 100,
      name: 'Each additional class',
      sortOrder: 0,
    },
    {
      companyId,
      typeId: 200,
      vTypeId: 200,
      value: 1000,
      rValue: 1,
      name: 'Each additional child',
      sortOrder: 0,
    },
  ]);
}
