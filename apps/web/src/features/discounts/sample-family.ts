import {
  computeFamilyTuition,
  type StudioMoneySettings,
  type TuitionResult,
  unlimitedCapOf,
} from '@pirouette/domain';

export type SampleClass = { id: string; name: string; price: number };
export type SampleChild = { id: string; name: string; classes: SampleClass[] };
export type ExampleDiscount = {
  id?: string;
  typeID: 100 | 200;
  vTypeID: 100 | 200;
  value: number;
  rValue: number;
};

/** The family of the live example: two children, one with three classes and one with one (cents). */
export const SAMPLE_FAMILY: readonly SampleChild[] = [
  {
    id: 'child-1',
    name: 'Emma',
    classes: [
      { id: 'c1-ballet', name: 'Ballet', price: 6000 },
      { id: 'c1-jazz', name: 'Jazz', price: 5000 },
      { id: 'c1-tap', name: 'Tap', price: 4500 },
    ],
  },
  { id: 'child-2', name: 'Liam', classes: [{ id: 'c2-hiphop', name: 'Hip Hop', price: 6000 }] },
];

const CLASS_NAMES = [
  'Ballet',
  'Jazz',
  'Tap',
  'Hip Hop',
  'Contemporary',
  'Lyrical',
  'Acro',
  'Musical Theatre',
];
const CHILD_NAMES = ['Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Mia'];

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export function withClass(family: readonly SampleChild[], childId: string): SampleChild[] {
  return family.map((child) =>
    child.id === childId
      ? {
          ...child,
          classes: [
            ...child.classes,
            {
              id: nextId('class'),
              name: CLASS_NAMES[child.classes.length % CLASS_NAMES.length] ?? 'Class',
              price: 5000,
            },
          ],
        }
      : child,
  );
}

export function withChild(family: readonly SampleChild[]): SampleChild[] {
  const name = CHILD_NAMES[family.length % CHILD_NAMES.length] ?? 'Child';
  return [
    ...family,
    { id: nextId('child'), name, classes: [{ id: nextId('class'), name: 'Ballet', price: 6000 }] },
  ];
}

export const withoutClass = (family: readonly SampleChild[], classId: string): SampleChild[] =>
  family.map((child) => ({ ...child, classes: child.classes.filter((c) => c.id !== classId) }));

export const withoutChild = (family: readonly SampleChild[], childId: string): SampleChild[] =>
  family.filter((child) => child.id !== childId);

export const withPrice = (family: readonly SampleChild[], classId: string, price: number): SampleChild[] =>
  family.map((child) => ({
    ...child,
    classes: child.classes.map((c) => (c.id === classId ? { ...c, price } : c)),
  }));

/**
 * The family's monthly tuition under the studio's discounts and money settings: the very rule the server
 * charges with. A discount that cannot be applied (a draft still being typed) gives an error, not a price.
 */
export function exampleTuition(
  family: readonly SampleChild[],
  discounts: readonly ExampleDiscount[],
  money: Pick<StudioMoneySettings, 'unlimited' | 'siblingIndex'>,
): { ok: true; result: TuitionResult } | { ok: false } {
  try {
    const result = computeFamilyTuition({
      students: family.map((child) => ({
        id: child.id,
        classes: child.classes.map((c) => ({ id: c.id, basePrice: c.price })),
      })),
      discounts: discounts.map((d) => ({
        typeID: d.typeID,
        vTypeID: d.vTypeID,
        value: d.value,
        rValue: d.rValue,
        ...(d.id ? { id: d.id } : {}),
      })),
      unlimited: unlimitedCapOf(money.unlimited),
      siblingIndex: money.siblingIndex,
    });
    return { ok: true, result };
  } catch {
    return { ok: false };
  }
}
