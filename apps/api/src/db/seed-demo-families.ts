import type { Db } from './client';
import { familyAccounts, familyPeople, students } from './schema/families';
import { memberships } from './schema/memberships';

/** A child of a demo family: first name, date of birth, the classes they take this season. */
export type DemoChild = readonly [firstName: string, dob: string, classes: readonly string[]];

/** A demo family: its name, its address, its children; `dropped` when it dropped every class this term. */
export type DemoFamily = {
  lastName: string;
  email: string;
  children: readonly DemoChild[];
  dropped?: boolean;
};

/** A family's first user when no demo sign-in is theirs: [first name, phone, role]. */
export type DemoParent = readonly [firstName: string, phone: string, role: string];

/** A person who signs in as a parent of the studio: their user row. */
export type DemoSignIn = { id: string; firstName: string; lastName: string; phone: string };

/**
 * A studio's demo families, each with its first user and its children. A demo sign-in whose address is
 * the family's becomes its user, and their parent membership is written here with the family it names:
 * a parent's membership is never without its family (decision 013), the demo's no more than a
 * registration's. `enrol` registers a child in their classes, when the studio has some.
 */
export async function seedDemoFamilies(
  db: Db,
  studio: {
    companyId: string;
    families: readonly DemoFamily[];
    signIns: ReadonlyMap<string, DemoSignIn>;
    parents?: Readonly<Record<string, DemoParent>>;
    enrol?: (studentId: string, family: DemoFamily, classes: readonly string[]) => Promise<void>;
  },
): Promise<Map<string, string>> {
  const { companyId } = studio;
  const dancers = new Map<string, string>();
  for (const [index, family] of studio.families.entries()) {
    const { lastName, email, children } = family;
    const [row] = await db
      .insert(familyAccounts)
      .values({
        companyId,
        lastName,
        email,
        phone: `97355502${String(index).padStart(2, '0')}`,
        address: '15 Park Place',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
      })
      .returning({ id: familyAccounts.id });
    const familyId = row!.id;
    const signIn = studio.signIns.get(email);
    if (signIn) {
      await db.insert(memberships).values({ companyId, userId: signIn.id, role: 'user', familyId });
      await db.insert(familyPeople).values({
        companyId,
        familyId,
        kind: 'user',
        userId: signIn.id,
        firstName: signIn.firstName,
        lastName: signIn.lastName,
        phone: signIn.phone,
        role: 'Mother',
      });
    } else {
      const [firstName, phone, role] = studio.parents?.[lastName] ?? ['Alex', '9735550160', 'Mother'];
      await db
        .insert(familyPeople)
        .values({ companyId, familyId, kind: 'user', firstName, lastName, phone, role });
    }
    if (lastName === 'Okafor') {
      await db.insert(familyPeople).values({
        companyId,
        familyId,
        kind: 'contact',
        firstName: 'Ngozi',
        lastName: 'Okafor',
        phone: '9735550166',
        role: 'Grandparent',
      });
    }
    for (const [firstName, dob, classNames] of children) {
      const [student] = await db
        .insert(students)
        .values({ companyId, familyId, firstName, lastName, dob })
        .returning({ id: students.id });
      dancers.set(firstName, student!.id);
      if (studio.enrol && classNames.length > 0) await studio.enrol(student!.id, family, classNames);
    }
  }
  const missing = [...studio.signIns.keys()].filter((e) => !studio.families.some((f) => f.email === e));
  if (missing.length > 0) throw new Error(`demo seed: no family for the parent ${missing.join(', ')}`);
  return dancers;
}
