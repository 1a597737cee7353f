import { describe, expect, it } from 'vitest';
import { withFields } from './objects';

describe('withFields (decision 091)', () => {
  it('is { ...a, ...b }: b wins, keys in the spread order, a new object, a unchanged', () => {
    const a = { id: 'x', total: '12', kept: true };
    const out = withFields(a, { total: 12, extra: [1] });
    expect(out).toEqual({ id: 'x', total: 12, kept: true, extra: [1] });
    expect(Object.keys(out)).toEqual(Object.keys({ ...a, ...{ total: 12, extra: [1] } }));
    expect(out).not.toBe(a);
    expect(a.total).toBe('12');
  });
});
