import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries, planWithoutSeqScans, statementShape } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from './book';
import { dueItemStandingRead } from './due-items';
import { payAtDesk, registeredFamilies, runBillingUntil } from './reports.fixture';

/**
 * Decision 088 (issue 39 point 3): one family's tuition, the owner's and the parent's, reads that family
 * and its term, never the studio's. The Ames family is registered and billed; then four more families
 * are registered, billed and pay, and the Ames family's pages answer the same bytes in the same
 * statements (its due items' charges found by ledger_charges_family_term_idx, not among the studio's).
 */

const { t, s } = useTwoStudios();
// The test clock's day (the fixture registers on it): the parent's session stays good.
const TODAY = '2026-11-21';
let ames: Awaited<ReturnType<typeof registeredFamilies>>[number];
let setting: Awaited<ReturnType<typeof registrationStudio>>;

const pages = () => [`/api/mystudio/paymentSystem/account/${ames.id}`, '/api/parents/tuition/schedule'];

async function measure() {
  const out: { bytes: string; statements: string[] }[] = [];
  for (const [i, path] of pages().entries()) {
    const who = i === 0 ? s.a : ames.parent;
    const { result, statements } = await countQueries(t, () => who.get(path));
    expect(result.status, path).toBe(200);
    out.push({ bytes: JSON.stringify(result.body), statements: statements.map(statementShape) });
  }
  return out;
}

beforeAll(async () => {
  setting = await registrationStudio(s);
  ames = (await registeredFamilies(t, s, setting, [{ name: 'Ames' }]))[0]!;
});

describe("one family's tuition (decision 088)", () => {
  it('answers the same bytes in the same statements when the studio has more families and more books', async () => {
    await runBillingUntil(t, TODAY);
    const before = await measure();
    // The tuition shows what was charged: the Ames family's books were written.
    expect((await readBook(t.database.db, s.companyA, ames.id)).charges.length).toBeGreaterThan(0);

    const others = await registeredFamilies(t, s, setting, [
      { name: 'Bell' },
      { name: 'Cole' },
      { name: 'Dunn', plan: 'other' },
      { name: 'Eddy' },
    ]);
    await runBillingUntil(t, TODAY);
    for (const fam of others.slice(0, 2)) {
      await payAtDesk(s.a, fam.id, (await readBook(t.database.db, s.companyA, fam.id)).balance / 100);
    }
    const after = await measure();
    for (const [i, page] of after.entries()) {
      expect(page.bytes, pages()[i]).toBe(before[i]!.bytes);
      expect(page.statements, pages()[i]).toEqual(before[i]!.statements);
    }
  });

  it("finds a family term's charges by its index, not among the studio's", async () => {
    const db = t.database.db;
    const [term] = (
      (await db.execute(sql`select id from family_terms where family_id = ${ames.id}`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    // Without seq scans (a test's tables are tiny), the plan shows which index the read goes by.
    const text = await planWithoutSeqScans(db, dueItemStandingRead(db, s.companyA, term!.id));
    expect(text).toContain('ledger_charges_family_term_idx');
  });
});
