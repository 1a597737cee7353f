import {
  type CompetitionWorkingLists,
  numberRegistered,
  privateRegistered,
  type RegState,
  regState,
  toggleClass,
} from '@pirouette/domain';

/**
 * What the owner has selected on the registration screen (002 §4: 0 not selected, 1 selected to
 * register, 2 registered), and what registering it sends. A whole dance number (or private lesson) is
 * selected as one: all its unregistered dancers; a dancer may be selected alone. Selecting a class
 * toggles all its unregistered numbers (`toggleClass`).
 */
export type Selection = {
  /** Dance numbers or private lessons selected whole. */
  whole: ReadonlySet<string>;
  /** Single dancers, `<number or lesson id>:<student id>`. */
  dancers: ReadonlySet<string>;
};

export const EMPTY_SELECTION: Selection = { whole: new Set(), dancers: new Set() };

type Lists = CompetitionWorkingLists;
type Dancer = { dncNumID?: string; privID?: string; acctStdID: string; isReg: 0 | 1 };

const pairOf = (pID: string, studentId: string) => `${pID}:${studentId}`;
const pIDOf = (d: Dancer) => (d.dncNumID ?? d.privID)!;

/** The dancers of a number or lesson in the lists. */
export function dancersOf(lists: Lists, pID: string): Dancer[] {
  return [
    ...lists.reg_cls.filter((d) => d.dncNumID === pID),
    ...lists.reg_prv.filter((d) => d.privID === pID),
  ];
}

/** A number's counts as the rules read them. */
const countsOf = (n: { id: string; nReg_tot: number; nReg_Students: number }) => ({
  id: n.id,
  total: n.nReg_tot,
  registered: n.nReg_Students,
});

/** Selecting a class: its unregistered numbers all selected, or (all selected already) none. */
export function toggleClassIn(lists: Lists, sel: Selection, classId: string): Selection {
  const numbers = lists.dnc.filter((n) => n.clsSch_ID === classId).map(countsOf);
  const whole = toggleClass(sel.whole, numbers);
  const dancers = new Set([...sel.dancers].filter((p) => !numbers.some((n) => p.startsWith(`${n.id}:`))));
  return { whole, dancers };
}

/** Selecting a number or lesson whole; its single dancers' selections go (the whole holds them). */
export function toggleWhole(lists: Lists, sel: Selection, pID: string): Selection {
  const whole = new Set(sel.whole);
  if (whole.has(pID)) whole.delete(pID);
  else if (dancersOf(lists, pID).some((d) => d.isReg === 0)) whole.add(pID);
  const dancers = new Set([...sel.dancers].filter((p) => !p.startsWith(`${pID}:`)));
  return { whole, dancers };
}

/** Selecting one dancer: taken out of a whole selection (the others stay selected), or toggled. */
export function toggleDancer(lists: Lists, sel: Selection, pID: string, studentId: string): Selection {
  const all = dancersOf(lists, pID);
  const me = all.find((d) => d.acctStdID === studentId);
  if (!me || me.isReg === 1) return sel;
  const whole = new Set(sel.whole);
  const dancers = new Set(sel.dancers);
  if (whole.has(pID)) {
    whole.delete(pID);
    for (const d of all)
      if (d.isReg === 0 && d.acctStdID !== studentId) dancers.add(pairOf(pID, d.acctStdID));
  } else {
    const key = pairOf(pID, studentId);
    if (dancers.has(key)) dancers.delete(key);
    else dancers.add(key);
  }
  return { whole, dancers };
}

export const dancerState = (sel: Selection, d: Dancer): RegState => {
  const pID = pIDOf(d);
  return regState(d.isReg === 1, sel.whole.has(pID) || sel.dancers.has(pairOf(pID, d.acctStdID)));
};

/** A number's or lesson's state: registered, selected whole, else not (some of its dancers may be). */
export function wholeState(
  sel: Selection,
  n: { id: string; nReg_tot: number; nReg_Students: number; nPrvReg_act?: number },
): RegState {
  const registered =
    n.nPrvReg_act === undefined
      ? numberRegistered(countsOf(n))
      : privateRegistered({ active: n.nPrvReg_act, registered: n.nReg_Students });
  return regState(registered, sel.whole.has(n.id));
}

/** A class's state, and whether only some of its open numbers are selected (shown as a dash). */
export function classState(lists: Lists, sel: Selection, c: { id: string; isReg: 0 | 1 }) {
  const open = lists.dnc.filter((n) => n.clsSch_ID === c.id && n.nReg_tot > n.nReg_Students);
  const chosen = open.filter(
    (n) => sel.whole.has(n.id) || [...sel.dancers].some((p) => p.startsWith(`${n.id}:`)),
  );
  const all = open.length > 0 && open.every((n) => sel.whole.has(n.id));
  return { state: regState(c.isReg === 1, all), partly: !all && chosen.length > 0 };
}

/** What registering the selection sends, and how many dancers it registers. */
export function requestsOf(lists: Lists, sel: Selection) {
  const whole = [...sel.whole];
  const singles = [...sel.dancers].map((p) => {
    const [pID, acctStdID] = p.split(':') as [string, string];
    return { pID, acctStdID };
  });
  const count =
    whole.reduce((s, pID) => s + dancersOf(lists, pID).filter((d) => d.isReg === 0).length, 0) +
    singles.length;
  return { whole, singles, count };
}
