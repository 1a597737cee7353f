import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCalls } from './calls';
import { callKey, pathOf, pathParamNames, queryStringOf, urlOf } from './contract';

describe('the declared calls', () => {
  it('name each route once', () => {
    const keys = allCalls.map(callKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it.each(allCalls.map((call) => [callKey(call), call] as const))(
    "%s: params name the path's parameters, a GET sends no body",
    (_key, call) => {
      const declared = call.params instanceof z.ZodObject ? Object.keys(call.params.shape).sort() : [];
      expect(declared).toEqual(pathParamNames(call.path).sort());
      if (call.method === 'GET' || call.method === 'DELETE') expect(call.body).toBeUndefined();
      expect(call.summary.trim()).not.toBe('');
    },
  );
});

describe('addresses built from a declaration', () => {
  const call = { method: 'GET', path: '/api/mystudio/account/:id/logs/:kind' } as const;

  it('fill each parameter, encoded as one path segment', () => {
    expect(pathOf(call, { id: 'a/b c', kind: 'all' })).toBe('/api/mystudio/account/a%2Fb%20c/logs/all');
  });

  it('refuse to send a call with a parameter missing rather than a wrong address', () => {
    expect(() => pathOf(call, { id: 'x' })).toThrow('kind');
    expect(() => pathOf(call, { id: '', kind: 'all' })).toThrow('id');
  });

  it('leave empty query values out', () => {
    expect(queryStringOf({ q: 'Ana Lee', page: 2, level: undefined, day: '' })).toBe('?q=Ana+Lee&page=2');
    expect(queryStringOf({})).toBe('');
    expect(
      urlOf(
        { ...call, answer: z.null(), access: 'owner', summary: 's', tags: [] },
        {
          params: { id: '1', kind: 'all' },
          query: { page: 1 },
        },
      ),
    ).toBe('/api/mystudio/account/1/logs/all?page=1');
  });
});
