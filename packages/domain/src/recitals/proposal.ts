/**
 * Which dance number dances in which show of a recital (issue 38 item 1, decision 072): a proposal,
 * pure and deterministic. Its goals, in order:
 *
 * 1. every family's dancers (siblings) in one show wherever possible: a dancer's numbers and their
 *    siblings' numbers are one group (union-find over numbers sharing a dancer or a family), and a group
 *    goes to one show whole — unless it alone is longer than a show's fair share, when it is cut along
 *    its links (breadth first) into parts of about that share (its locked numbers staying in their shows);
 * 2. a dancer in as few shows as possible (it follows from keeping groups whole);
 * 3. shows of similar length: the groups, largest first, each into the currently shortest show, then
 *    single groups moved from the longest show while that narrows the spread;
 * never moving a locked number. It answers the assignment and what it could not satisfy, as codes with
 * the names needed to say it in words.
 */

export type ProposalDancer = { id: string; name: string; familyId: string; familyName: string };
export type ProposalNumber = {
  id: string;
  name: string;
  /** The song's length in seconds. */
  lengthSeconds: number;
  dancers: readonly ProposalDancer[];
  /** The show a locked number stays in; null when the proposal may place it. */
  lockedShowId: string | null;
};
export type ProposalShow = { id: string; name: string };

/** Shows whose lengths differ by more than this are reported (seconds; 5 minutes). */
export const SHOW_LENGTH_TOLERANCE_SECONDS = 300;

export type Unsatisfied =
  | {
      code: 'siblings_split';
      familyId: string;
      familyName: string;
      /** Each of the family's dancers with the shows they dance in. */
      dancers: { id: string; name: string; shows: string[] }[];
    }
  | { code: 'dancer_in_many_shows'; dancerId: string; dancer: string; shows: string[] }
  | {
      code: 'uneven_lengths';
      longest: string;
      longestSeconds: number;
      shortest: string;
      shortestSeconds: number;
      toleranceSeconds: number;
      /** Every number of the longest show is locked there: no proposal can shorten it. */
      longestAllLocked: boolean;
    };

export type Proposal = {
  /** Every number once, with its show, in the order the numbers were given. */
  assignment: { numberId: string; showId: string }[];
  /** Each show's length (its numbers' songs and a gap after each), in the order the shows were given. */
  lengths: { showId: string; seconds: number }[];
  unsatisfied: Unsatisfied[];
};

/** A number's place in a show's length: its song and the gap after it. */
export const slotSeconds = (n: { lengthSeconds: number }, gapSeconds: number) =>
  Math.max(0, n.lengthSeconds) + Math.max(0, gapSeconds);

class UnionFind {
  private readonly parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r]!;
    let c = i;
    while (this.parent[c] !== r) {
      const next = this.parent[c]!;
      this.parent[c] = r;
      c = next;
    }
    return r;
  }
  union(a: number, b: number) {
    const ra = this.find(a);
    const rb = this.find(b);
    // The smaller index is the root: the groups do not depend on the order unions are made in.
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** The numbers' indexes linked to each other by a shared dancer or family (each list sorted). */
function linksOf(numbers: readonly ProposalNumber[]): number[][] {
  const byKey = new Map<string, number[]>();
  numbers.forEach((n, i) => {
    for (const d of n.dancers) {
      for (const key of [`d:${d.id}`, `f:${d.familyId}`]) {
        const list = byKey.get(key) ?? [];
        if (list[list.length - 1] !== i) list.push(i);
        byKey.set(key, list);
      }
    }
  });
  const links = numbers.map(() => new Set<number>());
  for (const list of byKey.values()) {
    for (const a of list) for (const b of list) if (a !== b) links[a]!.add(b);
  }
  return links.map((s) => [...s].sort((a, b) => a - b));
}

/** The connected groups of numbers (indexes, ascending), in the order of their first number. */
export function numberGroups(numbers: readonly ProposalNumber[]): number[][] {
  const uf = new UnionFind(numbers.length);
  linksOf(numbers).forEach((list, i) => {
    for (const j of list) uf.union(i, j);
  });
  const groups = new Map<number, number[]>();
  numbers.forEach((_, i) => {
    const root = uf.find(i);
    groups.set(root, [...(groups.get(root) ?? []), i]);
  });
  return [...groups.values()];
}

/** Cuts a group longer than `share` into parts of about `share`, walking its links breadth first. */
function cutGroup(
  group: number[],
  links: number[][],
  size: (i: number) => number,
  share: number,
): number[][] {
  const inGroup = new Set(group);
  const seen = new Set<number>();
  const walk: number[] = [];
  for (const start of group) {
    if (seen.has(start)) continue;
    const queue = [start];
    seen.add(start);
    while (queue.length > 0) {
      const i = queue.shift()!;
      walk.push(i);
      for (const j of links[i]!) {
        if (inGroup.has(j) && !seen.has(j)) {
          seen.add(j);
          queue.push(j);
        }
      }
    }
  }
  const parts: number[][] = [];
  let part: number[] = [];
  let length = 0;
  for (const i of walk) {
    if (part.length > 0 && length + size(i) > share) {
      parts.push(part);
      part = [];
      length = 0;
    }
    part.push(i);
    length += size(i);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

type Unit = { members: number[]; seconds: number; fixedShow: number | null; cut: boolean };

/**
 * A group longer than a fair share that has locked numbers: each show's locked numbers stay there (a unit
 * fixed to it), and the group's free numbers are cut along their links into parts placed like any other,
 * so the locks cannot pull the whole group into one show. `refine` then brings siblings back together as
 * far as the lengths allow.
 */
function lockedAndCut(
  group: number[],
  free: number[],
  lockOf: (i: number) => number | null,
  links: number[][],
  size: (i: number) => number,
  share: number,
): Unit[] {
  const units: Unit[] = [];
  const byShow = new Map<number, number[]>();
  for (const i of group) {
    const s = lockOf(i);
    if (s !== null) byShow.set(s, [...(byShow.get(s) ?? []), i]);
  }
  for (const [s, members] of [...byShow].sort((a, b) => a[0] - b[0])) {
    units.push({ members, seconds: members.reduce((sum, i) => sum + size(i), 0), fixedShow: s, cut: false });
  }
  for (const members of cutGroup(free, links, size, share)) {
    units.push({
      members,
      seconds: members.reduce((sum, i) => sum + size(i), 0),
      fixedShow: null,
      cut: true,
    });
  }
  return units;
}

/**
 * The units the proposal places: each group whole, its locked numbers' show its own; a group with locked
 * numbers in several shows splits, each free number joining the locked show its dancers' families share
 * most (the first such show on a tie); a group longer than a fair share of the free time is cut. A group
 * with locks whose free numbers, following them, would fill a show past its fair length (the recital's
 * over the shows, plus half the tolerance) with what is locked there already is cut too, its locked
 * numbers staying in their shows (`lockedAndCut`).
 */
function unitsOf(
  numbers: readonly ProposalNumber[],
  showIndex: Map<string, number>,
  size: (i: number) => number,
  limits: { share: number; showTarget: number },
): Unit[] {
  const links = linksOf(numbers);
  const units: Unit[] = [];
  const lockOf = (i: number) => {
    const id = numbers[i]!.lockedShowId;
    return id === null ? null : (showIndex.get(id) ?? null);
  };
  // Each show's load as the locked groups are taken: every locked number's slot, then the free numbers
  // that follow their locks into it.
  const load = new Map<number, number>();
  numbers.forEach((_, i) => {
    const s = lockOf(i);
    if (s !== null) load.set(s, (load.get(s) ?? 0) + size(i));
  });
  for (const group of numberGroups(numbers)) {
    const lockedShows = [...new Set(group.map(lockOf).filter((s): s is number => s !== null))].sort(
      (a, b) => a - b,
    );
    if (lockedShows.length === 0) {
      const total = group.reduce((sum, i) => sum + size(i), 0);
      const parts =
        total > limits.share && group.length > 1 ? cutGroup(group, links, size, limits.share) : [group];
      for (const members of parts) {
        units.push({
          members,
          seconds: members.reduce((s, i) => s + size(i), 0),
          fixedShow: null,
          cut: parts.length > 1,
        });
      }
      continue;
    }
    const byShow = followLocks(numbers, group, lockedShows, lockOf);
    const free = group.filter((i) => lockOf(i) === null);
    const overfills = lockedShows.some((s) => {
      const followers = byShow.get(s)!.filter((i) => lockOf(i) === null);
      return (load.get(s) ?? 0) + followers.reduce((sum, i) => sum + size(i), 0) > limits.showTarget;
    });
    if (overfills && free.length > 0) {
      units.push(...lockedAndCut(group, free, lockOf, links, size, limits.share));
      continue;
    }
    for (const s of lockedShows) {
      const members = byShow.get(s)!.sort((a, b) => a - b);
      for (const i of members) if (lockOf(i) === null) load.set(s, (load.get(s) ?? 0) + size(i));
      units.push({
        members,
        seconds: members.reduce((sum, i) => sum + size(i), 0),
        fixedShow: s,
        cut: false,
      });
    }
  }
  return units;
}

/**
 * A locked group's numbers by show: each locked number in its show, each free number in the locked show
 * its dancers' families share most (the first such show on a tie).
 */
function followLocks(
  numbers: readonly ProposalNumber[],
  group: number[],
  lockedShows: number[],
  lockOf: (i: number) => number | null,
): Map<number, number[]> {
  const byShow = new Map<number, number[]>(lockedShows.map((s) => [s, []]));
  const families = new Map<number, Set<string>>(lockedShows.map((s) => [s, new Set()]));
  for (const i of group) {
    const s = lockOf(i);
    if (s === null) continue;
    byShow.get(s)!.push(i);
    for (const d of numbers[i]!.dancers) families.get(s)!.add(d.familyId);
  }
  for (const i of group) {
    if (lockOf(i) !== null) continue;
    let best = lockedShows[0]!;
    let bestShared = -1;
    for (const s of lockedShows) {
      const shared = numbers[i]!.dancers.filter((d) => families.get(s)!.has(d.familyId)).length;
      if (shared > bestShared) {
        best = s;
        bestShared = shared;
      }
    }
    byShow.get(best)!.push(i);
  }
  return byShow;
}

/** The index of the shortest show (the first of equals). */
const shortestOf = (lengths: number[]) => lengths.reduce((best, l, i) => (l < lengths[best]! ? i : best), 0);
const spreadOf = (lengths: number[]) => Math.max(...lengths) - Math.min(...lengths);

/** Greedy: fixed units first, then the free ones largest first, each into the currently shortest show. */
function place(units: Unit[], showCount: number): { showOf: number[]; lengths: number[] } {
  const lengths = Array.from({ length: showCount }, () => 0);
  const showOf = units.map(() => 0);
  units.forEach((u, k) => {
    if (u.fixedShow !== null) {
      showOf[k] = u.fixedShow;
      lengths[u.fixedShow]! += u.seconds;
    }
  });
  const free = units
    .map((u, k) => ({ u, k }))
    .filter(({ u }) => u.fixedShow === null)
    .sort((a, b) => b.u.seconds - a.u.seconds || a.u.members[0]! - b.u.members[0]!);
  for (const { u, k } of free) {
    const s = shortestOf(lengths);
    showOf[k] = s;
    lengths[s]! += u.seconds;
  }
  return { showOf, lengths };
}

/** Moves single free units out of the longest show while a move narrows the spread (bounded). */
function improve(units: Unit[], showOf: number[], lengths: number[]) {
  for (let round = 0; round < units.length * 2 + 10; round += 1) {
    const spread = spreadOf(lengths);
    let best: { k: number; to: number; spread: number } | null = null;
    units.forEach((u, k) => {
      if (u.fixedShow !== null || u.seconds === 0) return;
      lengths.forEach((_, to) => {
        if (to === showOf[k]) return;
        const next = [...lengths];
        next[showOf[k]!]! -= u.seconds;
        next[to]! += u.seconds;
        const s = spreadOf(next);
        if (s < spread && (best === null || s < best.spread)) best = { k, to, spread: s };
      });
    });
    if (best === null) return;
    const { k, to } = best as { k: number; to: number };
    lengths[showOf[k]!]! -= units[k]!.seconds;
    lengths[to]! += units[k]!.seconds;
    showOf[k] = to;
  }
}

/** Families split across shows, and dancers' shows beyond their first, under a per-number show choice. */
function splitCost(numbers: readonly ProposalNumber[], showOf: readonly number[]): [number, number] {
  const dancerShows = new Map<string, Set<number>>();
  const familyShows = new Map<string, Set<number>>();
  const familyDancers = new Map<string, Set<string>>();
  numbers.forEach((n, i) => {
    for (const d of n.dancers) {
      dancerShows.set(d.id, (dancerShows.get(d.id) ?? new Set()).add(showOf[i]!));
      familyShows.set(d.familyId, (familyShows.get(d.familyId) ?? new Set()).add(showOf[i]!));
      familyDancers.set(d.familyId, (familyDancers.get(d.familyId) ?? new Set()).add(d.id));
    }
  });
  let split = 0;
  for (const [f, shows] of familyShows) if (shows.size > 1 && familyDancers.get(f)!.size > 1) split += 1;
  let extra = 0;
  for (const shows of dancerShows.values()) extra += shows.size - 1;
  return [split, extra];
}

/**
 * The numbers of a group that had to be cut, moved one at a time or a family's at a time between shows
 * while that splits fewer families (then puts dancers in fewer shows, then narrows the spread), never
 * past `cap` apart. Bounded; the first of equal moves wins, so it stays deterministic.
 */
function refine(
  numbers: readonly ProposalNumber[],
  showOf: number[],
  lengths: number[],
  size: (i: number) => number,
  movable: readonly boolean[],
  cap: number,
) {
  const families = [...new Set(numbers.flatMap((n) => n.dancers.map((d) => d.familyId)))].sort();
  const better = (a: number[], b: number[]) => {
    for (let k = 0; k < a.length; k += 1) if (a[k] !== b[k]) return a[k]! < b[k]!;
    return false;
  };
  for (let round = 0; round < 40; round += 1) {
    let best: { move: number[]; to: number; score: number[] } | null = null;
    const base = [...splitCost(numbers, showOf), spreadOf(lengths)];
    const tryMove = (move: number[], to: number) => {
      if (move.length === 0) return;
      const next = [...lengths];
      const choice = [...showOf];
      for (const i of move) {
        next[choice[i]!]! -= size(i);
        next[to]! += size(i);
        choice[i] = to;
      }
      const spread = spreadOf(next);
      if (spread > cap) return;
      const score = [...splitCost(numbers, choice), spread];
      if (better(score, best?.score ?? base)) best = { move, to, score };
    };
    numbers.forEach((_, i) => {
      if (!movable[i]) return;
      lengths.forEach((_, to) => {
        if (to !== showOf[i]) tryMove([i], to);
      });
    });
    for (const f of families) {
      lengths.forEach((_, from) => {
        const move = numbers
          .map((_n, i) => i)
          .filter(
            (i) => movable[i] && showOf[i] === from && numbers[i]!.dancers.some((d) => d.familyId === f),
          );
        lengths.forEach((_, to) => {
          if (to !== from) tryMove(move, to);
        });
      });
    }
    if (best === null) return;
    const { move, to } = best as { move: number[]; to: number };
    for (const i of move) {
      lengths[showOf[i]!]! -= size(i);
      lengths[to]! += size(i);
      showOf[i] = to;
    }
  }
}

/** The show has numbers and every one of them is locked in it. */
function allLockedIn(
  numbers: readonly ProposalNumber[],
  showOfNumber: ReadonlyMap<string, string>,
  showId: string,
) {
  const inShow = numbers.filter((n) => showOfNumber.get(n.id) === showId);
  return inShow.length > 0 && inShow.every((n) => n.lockedShowId === showId);
}

/** What an assignment does not satisfy: siblings split, dancers in several shows, uneven lengths. */
export function unsatisfiedOf(
  numbers: readonly ProposalNumber[],
  shows: readonly ProposalShow[],
  showOfNumber: ReadonlyMap<string, string>,
  lengths: readonly { showId: string; seconds: number }[],
  toleranceSeconds: number = SHOW_LENGTH_TOLERANCE_SECONDS,
): Unsatisfied[] {
  const showName = new Map(shows.map((s) => [s.id, s.name]));
  const order = new Map(shows.map((s, i) => [s.id, i]));
  const dancerShows = new Map<string, { dancer: ProposalDancer; shows: Set<string> }>();
  for (const n of numbers) {
    const show = showOfNumber.get(n.id);
    if (show === undefined) continue;
    for (const d of n.dancers) {
      const entry = dancerShows.get(d.id) ?? { dancer: d, shows: new Set<string>() };
      entry.shows.add(show);
      dancerShows.set(d.id, entry);
    }
  }
  const named = (ids: Iterable<string>) =>
    [...ids].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)).map((id) => showName.get(id) ?? '');
  const byName = (a: ProposalDancer, b: ProposalDancer) =>
    a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  const families = new Map<
    string,
    { name: string; dancers: { dancer: ProposalDancer; shows: Set<string> }[] }
  >();
  for (const entry of dancerShows.values()) {
    const f = families.get(entry.dancer.familyId) ?? { name: entry.dancer.familyName, dancers: [] };
    f.dancers.push(entry);
    families.set(entry.dancer.familyId, f);
  }
  const out: Unsatisfied[] = [];
  const familyIds = [...families.keys()].sort(
    (a, b) => families.get(a)!.name.localeCompare(families.get(b)!.name) || a.localeCompare(b),
  );
  for (const familyId of familyIds) {
    const f = families.get(familyId)!;
    const all = new Set(f.dancers.flatMap((d) => [...d.shows]));
    if (f.dancers.length > 1 && all.size > 1) {
      out.push({
        code: 'siblings_split',
        familyId,
        familyName: f.name,
        dancers: f.dancers
          .sort((a, b) => byName(a.dancer, b.dancer))
          .map((d) => ({ id: d.dancer.id, name: d.dancer.name, shows: named(d.shows) })),
      });
    }
  }
  const dancers = [...dancerShows.values()].sort((a, b) => byName(a.dancer, b.dancer));
  for (const d of dancers) {
    if (d.shows.size > 1) {
      out.push({
        code: 'dancer_in_many_shows',
        dancerId: d.dancer.id,
        dancer: d.dancer.name,
        shows: named(d.shows),
      });
    }
  }
  if (lengths.length > 1) {
    let longest = lengths[0]!;
    let shortest = lengths[0]!;
    for (const l of lengths) {
      if (l.seconds > longest.seconds) longest = l;
      if (l.seconds < shortest.seconds) shortest = l;
    }
    if (longest.seconds - shortest.seconds > toleranceSeconds) {
      out.push({
        code: 'uneven_lengths',
        longest: showName.get(longest.showId) ?? '',
        longestSeconds: longest.seconds,
        shortest: showName.get(shortest.showId) ?? '',
        shortestSeconds: shortest.seconds,
        toleranceSeconds,
        longestAllLocked: allLockedIn(numbers, showOfNumber, longest.showId),
      });
    }
  }
  return out;
}

/** Each show's length under an assignment (its numbers' slots), in the shows' order. */
export function showLengths(
  numbers: readonly ProposalNumber[],
  shows: readonly ProposalShow[],
  showOfNumber: ReadonlyMap<string, string>,
  gapSeconds: number,
) {
  const total = new Map(shows.map((s) => [s.id, 0]));
  for (const n of numbers) {
    const s = showOfNumber.get(n.id);
    if (s !== undefined && total.has(s)) total.set(s, total.get(s)! + slotSeconds(n, gapSeconds));
  }
  return shows.map((s) => ({ showId: s.id, seconds: total.get(s.id)! }));
}

/**
 * The proposal: which show each number dances in. Shows are taken in the order given (the first of equal
 * choices wins), so the same input always gives the same answer. With no show, nothing is assigned.
 */
export function proposeShows({
  numbers,
  shows,
  gapSeconds,
  toleranceSeconds = SHOW_LENGTH_TOLERANCE_SECONDS,
}: {
  numbers: readonly ProposalNumber[];
  shows: readonly ProposalShow[];
  gapSeconds: number;
  toleranceSeconds?: number;
}): Proposal {
  if (shows.length === 0) return { assignment: [], lengths: [], unsatisfied: [] };
  const showIndex = new Map(shows.map((s, i) => [s.id, i]));
  const size = (i: number) => slotSeconds(numbers[i]!, gapSeconds);
  const locked = numbers.reduce(
    (sum, n, i) => sum + (n.lockedShowId !== null && showIndex.has(n.lockedShowId) ? size(i) : 0),
    0,
  );
  const total = numbers.reduce((sum, _, i) => sum + size(i), 0);
  const share = Math.max(1, Math.ceil((total - locked) / shows.length + toleranceSeconds / 2));
  const units = unitsOf(numbers, showIndex, size, {
    share: Math.max(share, Math.ceil(total / shows.length)),
    showTarget: Math.ceil(total / shows.length + toleranceSeconds / 2),
  });
  const { showOf, lengths } = place(units, shows.length);
  if (shows.length > 1) improve(units, showOf, lengths);
  const choice = numbers.map(() => 0);
  const movable = numbers.map(() => false);
  units.forEach((u, k) => {
    for (const i of u.members) {
      choice[i] = showOf[k]!;
      movable[i] = u.cut;
    }
  });
  if (shows.length > 1 && movable.some(Boolean)) {
    refine(numbers, choice, lengths, size, movable, Math.max(toleranceSeconds, spreadOf(lengths)));
  }
  const showOfNumber = new Map(numbers.map((n, i) => [n.id, shows[choice[i]!]!.id]));
  const lengthList = shows.map((s, i) => ({ showId: s.id, seconds: lengths[i]! }));
  return {
    assignment: numbers.map((n) => ({ numberId: n.id, showId: showOfNumber.get(n.id)! })),
    lengths: lengthList,
    unsatisfied: unsatisfiedOf(numbers, shows, showOfNumber, lengthList, toleranceSeconds),
  };
}
