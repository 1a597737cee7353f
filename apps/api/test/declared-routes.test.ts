import { allCalls, callKey } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { routeKey, routeTable } from './route-table';

/**
 * Every route of the API is registered from a declared call, and every declared call has its route
 * (decision 022): a route added by hand, or a declaration left without a handler, fails here.
 */
describe('declared calls and routes', () => {
  it('are the same set', async () => {
    const routes = (await routeTable()).filter((r) => r.url.startsWith('/api'));
    const registered = new Set(routes.map(routeKey));
    const declared = new Set(allCalls.map(callKey));
    expect([...registered].filter((key) => !declared.has(key)).sort()).toEqual([]);
    expect([...declared].filter((key) => !registered.has(key)).sort()).toEqual([]);
  });
});
