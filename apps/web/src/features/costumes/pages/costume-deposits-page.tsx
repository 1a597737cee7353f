import { useDepositList } from '../api/lists';
import { CostumeListView } from '../components/costume-list-view';
import { useListState } from '../lib/lists';

export const DEPOSITS_PATH = 'costumes/deposits';

/**
 * Every dancer's costume with its deposit on the family's bill, paid or not (issue 18 point 3): by
 * class and dance number, with the filter's totals and its CSV.
 */
export function CostumeDepositsPage() {
  const [state, update] = useListState();
  const list = useDepositList(state);
  return <CostumeListView kind="deposits" path={DEPOSITS_PATH} list={list} state={state} update={update} />;
}
