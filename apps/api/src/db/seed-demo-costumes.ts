import {
  addDays,
  assignInput,
  compareDates,
  costumeCompanyInput,
  costumeSettingsInput,
  measurementInput,
  sizeChartInput,
  styleV2Input,
} from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import { assign, depositKey } from '../modules/costumes/assignments.service';
import { addCompany, saveCostumeSettings, saveSizeChart } from '../modules/costumes/companies.service';
import { addMeasurements } from '../modules/costumes/measurements.service';
import { addStyleV2 } from '../modules/costumes/styles.service';
import { lockBook, recordPayment } from '../modules/ledger';
import { findPosted } from '../modules/ledger/post';
import type { Db } from './client';
import { familyAccounts, students } from './schema/families';
import { classRegistrations, danceNumberActivity, danceNumbers } from './schema/schedule';
import { demoOwner } from './seed-demo-owner';

/**
 * The demo's costumes (issue 18): two costume companies with their size charts, a 50% deposit
 * refundable until mid-January, three styles on the dance numbers, the dancers' measurements, and most
 * of them assigned a costume in October, their deposits posted to the families' books by the costume
 * module itself. Zara Okafor and Hana Kim are left to assign, so the screen shows both; the Okafors'
 * drop credit stays as the ledger seed left it. The families pay the deposits their own way (the ledger
 * seed's), except the Russos, who are late. Run after the seed's transaction, as the cards are.
 */

type Chart = [size: string, girth: [number, number], chest: [number, number], hips: [number, number]][];

/** Child XS–L and adult S–XL, in inches, as the companies' printed charts give them. */
const CURTAIN_CALL_CHART: Chart = [
  ['CXS', [40, 44], [20, 22], [21, 23]],
  ['CS', [44, 48], [22, 24], [23, 25]],
  ['CM', [48, 52], [24, 26], [25, 27.5]],
  ['CL', [52, 56], [26, 28], [27.5, 30]],
  ['AS', [56, 60], [30, 32], [33, 35]],
  ['AM', [60, 63], [32, 34], [35, 37]],
  ['AL', [63, 66], [34, 36], [37, 39]],
  ['AXL', [66, 69], [36, 38.5], [39, 41.5]],
];
const WEISSMAN_CHART: Chart = [
  ['XSC', [41, 45], [20.5, 22.5], [21.5, 23.5]],
  ['SC', [45, 49], [22.5, 24.5], [23.5, 25.5]],
  ['MC', [49, 53], [24.5, 26.5], [25.5, 28]],
  ['LC', [53, 57], [26.5, 28.5], [28, 30.5]],
  ['SA', [57, 60.5], [31, 33], [34, 36]],
  ['MA', [60.5, 64], [33, 35], [36, 38]],
  ['LA', [64, 67], [35, 37], [38, 40]],
  ['XLA', [67, 70], [37, 39.5], [40, 42.5]],
];

const COSTUME_COMPANIES = [
  {
    name: 'Curtain Call Costumes',
    email: 'orders@curtaincallcostumes.example',
    phone: '8005551234',
    website: 'https://www.curtaincallcostumes.example',
    notes: 'Account #DDA-20417. Orders by January 31 ship in March.',
    chart: CURTAIN_CALL_CHART,
  },
  {
    name: 'Weissman',
    email: 'customerservice@weissman.example',
    phone: '8005559876',
    website: 'https://www.weissman.example',
    notes: 'Studio account 55-1180. Sizes run small: size up when between sizes.',
    chart: WEISSMAN_CHART,
  },
] as const;

/** [company, number, style number, name, colours, sizes with [buy, sell] in dollars, dancers: [name, size, colour]] */
const STYLES = [
  [
    'Curtain Call Costumes',
    'Firework',
    'CC-4417',
    'Starburst Lyrical Dress',
    ['Red', 'Royal Blue'],
    [
      ['CS', 48, 75],
      ['CM', 48, 75],
      ['CL', 48, 75],
      ['AS', 52, 82],
      ['AM', 52, 82],
    ],
    [
      ['Anika', 'CL', 'Red'],
      ['Emma', 'AS', 'Red'],
      ['Mai', 'CL', 'Red'],
    ],
  ],
  [
    'Weissman',
    'Happy Feet',
    '1182',
    'Sunshine Sequin Jazz Set',
    ['Yellow'],
    [
      ['SC', 39, 62],
      ['MC', 39, 62],
      ['LC', 39, 62],
    ],
    [
      ['Dev', 'SC', 'Yellow'],
      ['Bella', 'MC', 'Yellow'],
    ],
  ],
  [
    'Weissman',
    'Rise Up',
    '2206',
    'Lyrical Wrap Dress',
    ['Lavender', 'Sky Blue'],
    [
      ['LC', 45, 72],
      ['SA', 49, 78],
      ['MA', 49, 78],
    ],
    [['Anika', 'LC', 'Lavender']],
  ],
] as const;

/** Each dancer's measurements in inches: [first name, girth, chest, hips, height, taken]. */
const MEASUREMENTS = [
  ['Anika', 54, 27, 29, 58, 'recent'],
  ['Emma', 58, 31, 34, 62.5, 'recent'],
  ['Mai', 53.5, 26.5, 28.5, 57, 'recent'],
  // Between sizes: her girth is a child's large, her chest an adult's small, her hips in the gap.
  ['Zara', 55, 30.5, 32, 63, 'recent'],
  ['Dev', 46, 23, 24, 50, 'recent'],
  ['Bella', 49.5, 24.5, 26, 52, 'recent'],
  // Measured last spring: more than 90 days ago, so the screen asks for new ones.
  ['Hana', 61, 33, 36, 64, 'old'],
] as const;

/** How each family pays a deposit, days after it is posted (the ledger seed's ways); the Russos do not. */
const PAYS: Record<string, { method: 'cash' | 'check' | 'terminal'; after: number }> = {
  Patel: { method: 'cash', after: 0 },
  Hartley: { method: 'check', after: 2 },
  Nguyen: { method: 'terminal', after: 1 },
  Kim: { method: 'check', after: 4 },
};

const clockAt = (day: string): Clock => ({ now: () => new Date(`${day}T16:00:00Z`) });
const earlier = (a: string, b: string) => (compareDates(a, b) <= 0 ? a : b);

export async function seedDemoCostumes(db: Db, studioName: string, now: Date): Promise<void> {
  const demo = await demoOwner(db, studioName, now);
  if (!demo) return;
  const { companyId, owner, actor, term, today } = demo;
  const year = Number(term.dateStart.slice(0, 4));
  // The story's days, never after today: set up at the end of September, measured in early October,
  // assigned (deposits posted) on October 20.
  const setUpOn = earlier(`${year}-09-28`, today);
  const measuredOn = earlier(`${year}-10-06`, today);
  const assignedOn = earlier(`${year}-10-20`, today);
  const at = (day: string) => ({ db, actor, clock: clockAt(day) });

  await saveCostumeSettings(
    at(setUpOn),
    costumeSettingsInput.parse({
      depositKind: 'percent',
      depositPercent: 50,
      // Mid-January, before orders go in for the June recital.
      refundableUntil: `${year + 1}-01-15`,
    }),
  );
  const companyIds = new Map<string, string>();
  for (const { chart, ...info } of COSTUME_COMPANIES) {
    const { id } = await addCompany(at(setUpOn), costumeCompanyInput.parse(info));
    companyIds.set(info.name, id);
    await saveSizeChart(
      at(setUpOn),
      id,
      sizeChartInput.parse({
        chart: chart.map(([size, girth, chest, hips]) => ({
          size,
          girthMin: girth[0],
          girthMax: girth[1],
          chestMin: chest[0],
          chestMax: chest[1],
          hipsMin: hips[0],
          hipsMax: hips[1],
        })),
      }),
    );
  }

  const numbers = await db
    .select({ id: danceNumbers.id, name: danceNumbers.name })
    .from(danceNumbers)
    .where(eq(danceNumbers.companyId, companyId));
  const dancers = await db
    .select({
      activityId: danceNumberActivity.id,
      danceNumberId: danceNumberActivity.danceNumberId,
      studentId: students.id,
      firstName: students.firstName,
      familyId: students.familyId,
    })
    .from(danceNumberActivity)
    .innerJoin(classRegistrations, eq(classRegistrations.id, danceNumberActivity.classRegistrationId))
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(eq(danceNumberActivity.companyId, companyId));

  for (const [name, girth, chest, hips, height, when] of MEASUREMENTS) {
    const student = dancers.find((d) => d.firstName === name);
    if (!student) continue;
    const takenOn = when === 'old' ? `${year}-03-09` : measuredOn;
    await addMeasurements(
      at(measuredOn),
      student.studentId,
      measurementInput.parse({ takenOn, girth, chest, hips, height }),
    );
  }

  const payments: {
    familyId: string;
    assignId: string;
    day: string;
    method: 'cash' | 'check' | 'terminal';
  }[] = [];
  for (const [company, numberName, styleNumber, styleName, colors, sizes, assigned] of STYLES) {
    const number = numbers.find((n) => n.name === numberName);
    if (!number) continue;
    const style = await addStyleV2(
      at(setUpOn),
      styleV2Input.parse({
        costCoID: companyIds.get(company)!,
        company,
        styleNumber,
        styleName,
        dncNumID: number.id,
        sizeGroups: sizes.map(([s]) => s),
        colors,
        sizeColors: sizes.flatMap(([size, buy, sell]) =>
          colors.map((color) => ({ size, color, price_buy: buy, price_sell: sell })),
        ),
      }),
    );
    for (const [first, size, color] of assigned) {
      const dancer = dancers.find((d) => d.danceNumberId === number.id && d.firstName === first);
      const entry = style.sizeColors.find((e) => e.size === size && e.color === color);
      if (!dancer || !entry) continue;
      const { id } = await assign(
        at(assignedOn),
        assignInput.parse({ dncNumActID: dancer.activityId, priceID: entry.priceID }),
      );
      const family = await familyName(db, dancer.familyId);
      const way = PAYS[family];
      if (way) {
        payments.push({
          familyId: dancer.familyId,
          assignId: id,
          day: addDays(assignedOn, way.after),
          method: way.method,
        });
      }
    }
  }

  // The families pay their deposits as they pay the rest, on their day when it has come.
  for (const p of payments) {
    if (compareDates(p.day, today) > 0) continue;
    await db.transaction(async (tx) => {
      const book = (await lockBook(tx, companyId, p.familyId))!;
      const chargeId = await findPosted(tx, companyId, depositKey(p.assignId));
      const charge = book.charges.find((c) => c.id === chargeId && !c.removed && c.open > 0);
      if (!charge) return;
      await recordPayment(
        { tx, companyId, familyId: p.familyId, today: p.day, by: { userId: owner.userId } },
        book,
        {
          method: p.method,
          total: charge.open,
          reference: p.method === 'check' ? `#${2100 + Number(p.day.slice(8))}` : '',
          picked: [charge.id],
          receivedOn: p.day,
          invoiceId: charge.invoiceId,
          key: `demo-costume-deposit-payment:${p.assignId}`,
          reason: 'Payment received',
        },
      );
    });
  }
}

async function familyName(db: Db, familyId: string): Promise<string> {
  const [row] = await db
    .select({ lastName: familyAccounts.lastName })
    .from(familyAccounts)
    .where(eq(familyAccounts.id, familyId));
  return row?.lastName ?? '';
}
