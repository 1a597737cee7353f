import type { AccountStatus } from '@pirouette/domain';
import { hasFilter, type ListState } from './list-params';

const STATUS_WORDS: Record<AccountStatus, string> = {
  active: 'active',
  inactive: 'inactive',
  incomplete: 'incomplete',
};

/** What each list holds, for its empty state (001 §4's statuses, in the owner's words). */
const STATUS_EMPTY: Record<AccountStatus, { title: string; text: string }> = {
  active: {
    title: 'No active families',
    text: 'Families with a class registration in the current term are listed here.',
  },
  inactive: {
    title: 'No inactive families',
    text: 'Families whose registrations in the current term were all dropped are listed here.',
  },
  incomplete: {
    title: 'No incomplete families',
    text: 'Families that have not registered for a class in the current term are listed here.',
  },
};

const filtered = (state: ListState) =>
  state.status === 'active' && state.view === 'filtered' && hasFilter(state.filter);

/** The empty state of a list: what it holds, or that nothing matches the search or the filter. */
export function emptyListText(state: ListState): { title: string; text: string } {
  const q = state.q.trim();
  if (q) {
    return {
      title: `No ${STATUS_WORDS[state.status]} families match “${q}”`,
      text: 'Search by family name or a student’s first or last name, or try another list.',
    };
  }
  if (state.owes) {
    return {
      title: `No ${STATUS_WORDS[state.status]} family owes money`,
      text: filtered(state)
        ? 'No family matching this filter has a balance to pay. Clear “Owes money” to see them all.'
        : 'Every family’s balance is paid up. Clear “Owes money” to see them all.',
    };
  }
  if (filtered(state)) {
    return {
      title: 'No active families match this filter',
      text: 'No family has a class at this location, room, weekday and level. Clear a field to widen it.',
    };
  }
  return STATUS_EMPTY[state.status];
}

/** The view an e-mail list is of: "active families matching “Hart”", "filtered active families". */
export function viewLabel(state: ListState): string {
  const q = state.q.trim();
  const base = filtered(state) ? 'filtered active families' : `${STATUS_WORDS[state.status]} families`;
  const owing = state.owes ? `${base} owing money` : base;
  return q ? `${owing} matching “${q}”` : owing;
}
