import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATE, withFilter, withSearch, withStatus, withView } from './list-params';
import { emptyListText, viewLabel } from './list-texts';

describe('emptyListText', () => {
  it('says what each list holds', () => {
    expect(emptyListText(DEFAULT_LIST_STATE).title).toBe('No active families');
    expect(emptyListText(withStatus(DEFAULT_LIST_STATE, 'inactive')).title).toBe('No inactive families');
    expect(emptyListText(withStatus(DEFAULT_LIST_STATE, 'incomplete')).title).toBe('No incomplete families');
  });

  it('says when nothing matches the search or the filter', () => {
    expect(emptyListText(withSearch(DEFAULT_LIST_STATE, ' Hart ')).title).toBe(
      'No active families match “Hart”',
    );
    const filtered = withView(withFilter(DEFAULT_LIST_STATE, { day: 6 }), 'filtered');
    expect(emptyListText(filtered).title).toBe('No active families match this filter');
    // The filter is kept but not applied on "All".
    expect(emptyListText(withView(filtered, 'all')).title).toBe('No active families');
  });
});

describe('viewLabel', () => {
  it('names the view the e-mail list is of', () => {
    expect(viewLabel(DEFAULT_LIST_STATE)).toBe('active families');
    expect(viewLabel(withSearch(withStatus(DEFAULT_LIST_STATE, 'inactive'), 'ann'))).toBe(
      'inactive families matching “ann”',
    );
    expect(viewLabel(withView(withFilter(DEFAULT_LIST_STATE, { level: 2 }), 'filtered'))).toBe(
      'filtered active families',
    );
    expect(viewLabel(withView(DEFAULT_LIST_STATE, 'filtered'))).toBe('active families');
  });
});
