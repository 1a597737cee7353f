import type { EveningCast } from '../evening/cast';
import { emptyTally, type LoadOptions, loadFor, type Picker, type Summary, summarize } from '../evening/loop';
import { accountListPath, randomOf, type Step, schedulePath } from '../evening/pages';

/**
 * The pages the reference answers, each drawn as the evening draws it (a session of its own each time,
 * a tab, a page, a filter; a room): the real server and the reference are asked the same sequence.
 */
export const REFERENCE_PAGES: { name: string; picker: (cast: EveningCast) => Picker }[] = [
  {
    name: 'account list',
    picker: (cast) => (r) => {
      const o = r.pick(cast.owners);
      return {
        kind: 'account list',
        method: 'GET',
        path: accountListPath(r, o, { search: false }),
        token: o.token,
      };
    },
  },
  {
    name: 'schedule (a room)',
    picker: (cast) => (r) => {
      const o = r.pick(cast.owners);
      return { kind: 'schedule (a room)', method: 'GET', path: schedulePath(r, o), token: o.token };
    },
  },
  {
    name: 'parent account',
    picker: (cast) => (r) => {
      const p = r.pick(cast.parents);
      return { kind: 'parent account', method: 'GET', path: '/api/parents/account/', token: p.token };
    },
  },
];

async function fetchText(base: string, path: string, token: string) {
  const res = await fetch(base + path, { headers: { 'x-access-token': token } });
  return { status: res.status, text: await res.text() };
}

/** Where two texts first differ, with some of each around it. */
function firstDifference(a: string, b: string) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: real …${a.slice(Math.max(0, i - 80), i + 120)}… reference …${b.slice(Math.max(0, i - 80), i + 120)}…`;
}

/**
 * What the check asks: every owner's account list (a tab, a page, a filter drawn) and a room's schedule,
 * the large studio's lists `deep` times more (its families have balances, its classes filters to
 * match) and each of its rooms, and the pages of `parents` parents, the small studios' among them.
 */
export function checkSteps(cast: EveningCast, deep: number, parents: number): Step[] {
  const r = randomOf(4242);
  const [large] = cast.owners;
  const steps: Step[] = [];
  const ownerStep = (kind: string, path: string, token: string): Step => ({
    kind,
    method: 'GET',
    path,
    token,
  });
  for (const o of cast.owners) {
    steps.push(ownerStep('account list', accountListPath(r, o, { search: false }), o.token));
    steps.push(ownerStep('schedule (a room)', schedulePath(r, o), o.token));
  }
  if (large) {
    for (let i = 0; i < deep; i++) {
      steps.push(ownerStep('account list', accountListPath(r, large, { search: false }), large.token));
    }
    for (const location of large.locations) {
      for (const room of location.rooms) {
        const path = `/api/mystudio/schedule/?yrTrmID=${large.yearTermId}&locID=${location.id}&rmID=${room}`;
        steps.push(ownerStep('schedule (a room)', path, large.token));
      }
    }
    // Without a term, a location or a room: the current term, the first location and its first room.
    steps.push(ownerStep('schedule (a room)', '/api/mystudio/schedule/', large.token));
  }
  const small = cast.parents.filter((p) => p.studio !== 'large');
  for (const p of [...cast.parents.slice(0, parents), ...small.slice(0, parents)]) {
    steps.push({ kind: 'parent account', method: 'GET', path: '/api/parents/account/', token: p.token });
  }
  return steps;
}

/**
 * Asks the real server and the reference the same requests (checkSteps) and fails at the first answer
 * that is not 200 on both with the same bytes. Answers how many were compared.
 */
export async function checkIdentical(base: string, referenceBase: string, steps: Step[]) {
  for (const step of steps) {
    const [real, reference] = await Promise.all([
      fetchText(base, step.path, step.token),
      fetchText(referenceBase, step.path, step.token),
    ]);
    if (real.status !== 200 || reference.status !== 200 || real.text !== reference.text) {
      throw new Error(
        `The reference's answer to ${step.path} differs from the server's (${real.status}, ${reference.status}) ${firstDifference(real.text, reference.text)}`,
      );
    }
  }
  return steps.length;
}

/**
 * Loads the real server and the reference with the same requests of one page, in `slices` turns
 * (real, reference, real, reference…) after a warm-up of each, so that a busier moment of the machine
 * weighs on both alike.
 */
export async function loadInTurns(
  base: string,
  referenceBase: string,
  pick: Picker,
  opts: LoadOptions & { slices: number; warmupSeconds: number },
): Promise<{ real: Summary; reference: Summary }> {
  for (const at of [base, referenceBase]) {
    if (opts.warmupSeconds > 0)
      await loadFor(at, pick, { ...opts, seconds: opts.warmupSeconds }, emptyTally());
  }
  const real = emptyTally();
  const reference = emptyTally();
  for (let i = 0; i < opts.slices; i++) {
    const slice = { ...opts, seconds: opts.seconds / opts.slices, seed: opts.seed + i };
    await loadFor(base, pick, slice, real);
    await loadFor(referenceBase, pick, slice, reference);
  }
  return { real: summarize(real), reference: summarize(reference) };
}
