import { todayInZone } from '@pirouette/domain';
import { count } from 'drizzle-orm';
import { findUserByEmail } from '../kernel/users';
import { hashPassword } from '../lib/secrets';
import { generatePaymentSystem } from '../modules/payment-system/generate';
import { firstSeason } from '../modules/registration/studio.service';
import { seedStudioDefaults } from '../modules/studio-setup/studio-defaults';
import { markSetupStep } from '../modules/studio-setup/studio-setup.queries';
import type { Db } from './client';
import { companies, yearTerms } from './schema/companies';
import { memberships } from './schema/memberships';
import { users } from './schema/users';
import { seedDemoAttendance } from './seed-demo-attendance';
import { seedDemoCards } from './seed-demo-cards';
import { seedDemoCompetitions } from './seed-demo-competitions';
import { seedDemoCostumes } from './seed-demo-costumes';
import { type DemoFamily, type DemoSignIn, seedDemoFamilies } from './seed-demo-families';
import { seedDemoLedger } from './seed-demo-ledger';
import { seedDemoPlans } from './seed-demo-plans';
import { seedDemoRecital } from './seed-demo-recital';
import { seedDemoSchedule } from './seed-demo-schedule';
import { seedDemoSetup } from './seed-demo-setup';
import { DEMO_TEACHER_EMAIL, seedDemoTeacher } from './seed-demo-teacher';

export const DEMO_PASSWORD = 'Pirouette1';
export const DEMO_SIGN_INS = [
  { email: 'owner@demo.example', role: 'owner of Demo Dance Academy' },
  { email: 'parent@demo.example', role: 'parent at Demo Dance Academy' },
  { email: 'multi@demo.example', role: 'owner at Demo Dance Academy and parent at Second Position Ballet' },
  { email: DEMO_TEACHER_EMAIL, role: 'teacher at Demo Dance Academy (My classes)' },
] as const;

type Person = { email: string; firstName: string; lastName: string; phone: string };

const DEMO_STUDIOS = [
  {
    name: 'Demo Dance Academy',
    address: '120 Main Street',
    city: 'Montclair',
    state: 'NJ',
    zipcode: '07042',
    phone: '9735550142',
    email: 'hello@demo.example',
    owners: [
      { email: 'owner@demo.example', firstName: 'Olivia', lastName: 'Bennett', phone: '9735550101' },
      { email: 'multi@demo.example', firstName: 'Morgan', lastName: 'Reyes', phone: '9735550109' },
    ],
    parents: [
      { email: 'parent@demo.example', firstName: 'Priya', lastName: 'Patel', phone: '9735550123' },
      { email: 'hartley.family@demo.example', firstName: 'James', lastName: 'Hartley', phone: '9735550177' },
      { email: 'nguyen.family@demo.example', firstName: 'Linh', lastName: 'Nguyen', phone: '9735550188' },
    ],
  },
  {
    name: 'Second Position Ballet',
    address: '48 Elm Avenue',
    city: 'Maplewood',
    state: 'NJ',
    zipcode: '07040',
    phone: '9735550200',
    email: 'studio@second-position.example',
    owners: [
      { email: 'owner2@demo.example', firstName: 'Sofia', lastName: 'Marchetti', phone: '9735550201' },
    ],
    parents: [{ email: 'multi@demo.example', firstName: 'Morgan', lastName: 'Reyes', phone: '9735550109' }],
    // The owner of the first studio brings a child to this one: one person, two roles.
    families: [{ lastName: 'Reyes', email: 'multi@demo.example', children: [['Lily', '2017-04-12', []]] }],
  },
] satisfies {
  name: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
  email: string;
  owners: Person[];
  /** Who signs in as a parent: each is the user of the demo family with their address. */
  parents: Person[];
  /** The studio's families, when it has no schedule of its own to bring them. */
  families?: DemoFamily[];
}[];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo studios: owners, parents with their families, a September–June year term with the one
 * before it, and the default terms documents. Does nothing when they exist.
 */
export async function seedDemo(db: Db, today = new Date()): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_SIGN_INS[0].email)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const season = firstSeason(today);
  const startYear = Number(season.dateStart.slice(0, 4));
  await db.transaction(async (tx) => {
    const userIds = new Map<string, string>();
    const userId = async (p: Person) => {
      const known = userIds.get(p.email);
      if (known) return known;
      const [row] = await tx
        .insert(users)
        .values({
          ...p,
          passwordHash,
          emailVerifiedAt: today,
          address: '15 Park Place',
          city: 'Montclair',
          state: 'NJ',
          zipcode: '07042',
        })
        .returning({ id: users.id });
      userIds.set(p.email, row!.id);
      return row!.id;
    };
    for (const studio of DEMO_STUDIOS) {
      const { owners, parents, families, ...info } = studio;
      const [company] = await tx.insert(companies).values(info).returning({ id: companies.id });
      const companyId = company!.id;
      const [lastSeason] = await tx
        .insert(yearTerms)
        .values({
          companyId,
          name: `${startYear - 1}-${startYear}`,
          dateStart: `${startYear - 1}-09-01`,
          dateEnd: `${startYear}-06-30`,
          notes: 'Last season',
        })
        .returning();
      const [current] = await tx
        .insert(yearTerms)
        .values({ companyId, ...season, notes: 'Recital in June', isCurrent: true })
        .returning();
      const ownerIds: string[] = [];
      for (const p of owners) ownerIds.push(await userId(p));
      // A parent's membership is written with their family (seedDemoFamilies), never before it.
      const signIns = new Map<string, DemoSignIn>();
      for (const p of parents) signIns.set(p.email, { ...p, id: await userId(p) });
      await tx
        .insert(memberships)
        .values(ownerIds.map((id) => ({ companyId, userId: id, role: 'owner' as const })));
      await seedStudioDefaults(tx, { companyId, userId: ownerIds[0] ?? null, yearTerm: current! });
      await seedDemoSetup(tx, { companyId, yearTermId: current!.id, city: info.city });
      // A studio in use: its owner has read the terms and kept them (the setup checklist's steps)…
      await markSetupStep(tx, { companyId, userId: ownerIds[0] ?? null, step: 'terms' });
      // …and has kept the registration fee it charges.
      await markSetupStep(tx, { companyId, userId: ownerIds[0] ?? null, step: 'registrationFee' });
      // The first studio is the one the demo sign-ins land in: it gets a whole week of classes, and
      // its families with their registrations.
      if (studio === DEMO_STUDIOS[0]) {
        await seedDemoSchedule(tx, companyId, current!, signIns);
        await seedDemoPlans(tx, { companyId, term: current!, ownerId: ownerIds[0]! });
        await seedDemoLedger(tx, { companyId, ownerId: ownerIds[0]!, today: todayInZone(undefined, today) });
      } else await seedDemoFamilies(tx, { companyId, families: families ?? [], signIns });
      await generatePaymentSystem(tx, {
        companyId,
        yearTermId: lastSeason!.id,
        dateStart: lastSeason!.dateStart,
        dateEnd: lastSeason!.dateEnd,
      });
    }
  });
  await seedDemoCards(db, DEMO_STUDIOS[0]!.name, today);
  await seedDemoCostumes(db, DEMO_STUDIOS[0]!.name, today);
  await seedDemoCompetitions(db, DEMO_STUDIOS[0]!.name, today);
  await seedDemoAttendance(db, DEMO_STUDIOS[0]!.name, today);
  await seedDemoRecital(db, DEMO_STUDIOS[0]!.name, today);
  await seedDemoTeacher(db, DEMO_STUDIOS[0]!.name, passwordHash, today);
  return true;
}
