import { countOf } from '../format';

/** What a term holds, as GET mystudio/yearTerms/counts tells it; unknown while it loads. */
export type TermHoldings = { nCls: number; nPriv: number; nActive: number };

type Term = { name: string; counts: TermHoldings | null };

const holdings = (c: TermHoldings) =>
  `${countOf(c.nCls, 'class', 'classes')} and ${countOf(c.nPriv, 'private lesson', 'private lessons')}`;

/**
 * The sentences of the dialog that asks an owner before another term becomes the studio's current one
 * (issue 13 item 15): the change is the whole studio's, so it says what every page will show instead.
 */
export function currentTermChangeText({
  studio,
  from,
  to,
}: {
  studio: string;
  from: Term | null;
  to: Term;
}): { title: string; intro: string; effects: string[]; warning: string | null; confirm: string } {
  const now = from ? ` instead of ${from.name}` : '';
  const effects = to.counts
    ? [
        `The class schedule and the privates show the ${holdings(to.counts)} of ${to.name}${
          from?.counts ? ` (${from.name} has ${holdings(from.counts)})` : ''
        }.`,
        `The list of accounts counts a family as active by its registrations in ${to.name}: ${countOf(
          to.counts.nActive,
          'family',
          'families',
        )} would be active${from?.counts ? `, where ${from.counts.nActive} are now` : ''}.`,
        `Parents see their children's classes of ${to.name} in the parent portal.`,
      ]
    : [];
  const warning =
    to.counts && to.counts.nCls === 0 && to.counts.nPriv === 0
      ? `${to.name} has no classes or private lessons yet, so no family will be active until families register in it.`
      : null;
  return {
    title: `Make ${to.name} the current year term?`,
    intro: `This changes the current year term for the whole studio, not only for you: everyone who works in ${studio} will see ${to.name}${now}.`,
    effects,
    warning,
    confirm: `Make ${to.name} current`,
  };
}
