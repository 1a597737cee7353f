import { useBalanceList } from '../api/lists';
import { CostumeListView } from '../components/costume-list-view';
import { useListState } from '../lib/lists';

export const BALANCES_PATH = 'costumes/balances';

/**
 * The costume balances posted when orders were placed (issue 18 point 3): the ones still owed unless
 * the owner asks for all, by class and dance number, with the filter's totals and its CSV.
 */
export function CostumeBalancesPage() {
  const [state, update] = useListState();
  const list = useBalanceList(state);
  return <CostumeListView kind="balances" path={BALANCES_PATH} list={list} state={state} update={update} />;
}
