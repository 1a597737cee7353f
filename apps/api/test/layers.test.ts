import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, type ImportGraph, importGraph, moduleGraph, violations, webFeatureGraph } from './layers';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCES = [
  'packages/domain/src',
  'apps/api/src',
  'apps/api/test',
  'apps/web/src',
  'apps/web/e2e',
  'bench',
];

const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, to.map((target) => ({ target, line: 1 }))]));

describe('the layers of the code (decision 025)', () => {
  const graph = importGraph(ROOT, SOURCES);

  it('reads the whole repository', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('apps/api/src/app.ts')?.map((i) => i.target)).toContain('apps/api/src/deps.ts');
  });

  it('are kept by every import', () => {
    const found = violations(graph).map((v) => `${v.from}:${v.line} → ${v.to}  (${v.rule})`);
    expect(found).toEqual([]);
  });

  it('hold no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('hold no loop between the web features (issue 33, decision 047)', () => {
    const features = webFeatureGraph(graph);
    expect(features.size).toBeGreaterThan(20);
    expect(cycles(features)).toEqual([]);
  });

  it('hold no loop between the API’s module folders, tests aside (decision 044)', () => {
    const modules = moduleGraph(graph);
    expect(modules.size).toBeGreaterThan(20);
    expect(cycles(modules)).toEqual([]);
  });
});

describe('the layer check itself', () => {
  it('refuses a module imported by http/ or lib/, a module reading another module’s queries, and the web importing the server', () => {
    const graph = graphOf({
      'apps/api/src/http/access.ts': [
        'apps/api/src/modules/auth/auth.queries.ts',
        'apps/api/src/lib/clock.ts',
      ],
      'apps/api/src/lib/audit.ts': ['apps/api/src/app.ts'],
      'apps/api/src/modules/privates/privates.service.ts': [
        'apps/api/src/modules/teachers/teachers.queries.ts',
        'apps/api/src/modules/privates/privates.queries.ts',
        'apps/api/src/modules/teachers/index.ts',
      ],
      'apps/api/src/modules/genres/genres.routes.ts': ['apps/api/src/app.ts', 'apps/api/src/deps.ts'],
      'apps/web/src/features/x/api/x.ts': ['apps/api/src/db/client.ts', '@pirouette/domain'],
      'apps/api/src/mail/templates.ts': ['apps/web/src/lib/format.ts'],
      'packages/domain/src/money.ts': ['fastify', 'zod'],
    });
    expect(violations(graph).map((v) => `${v.from} → ${v.to}`)).toEqual([
      'apps/api/src/http/access.ts → apps/api/src/modules/auth/auth.queries.ts',
      'apps/api/src/lib/audit.ts → apps/api/src/app.ts',
      'apps/api/src/modules/privates/privates.service.ts → apps/api/src/modules/teachers/teachers.queries.ts',
      'apps/api/src/modules/genres/genres.routes.ts → apps/api/src/app.ts',
      'apps/web/src/features/x/api/x.ts → apps/api/src/db/client.ts',
      'apps/api/src/mail/templates.ts → apps/web/src/lib/format.ts',
      'packages/domain/src/money.ts → fastify',
    ]);
  });

  it('refuses the sandbox processor imported but by the provider wiring and tests, and the sandbox reaching into a module', () => {
    const graph = graphOf({
      'apps/api/src/modules/payments/providers.ts': ['apps/api/src/sandbox/finix/sandbox.ts'],
      'apps/api/src/modules/payments/payments.test.ts': ['apps/api/src/sandbox/finix/webhooks.ts'],
      'apps/api/test/finix/fake-finix.ts': ['apps/api/src/sandbox/finix/engine.ts'],
      'apps/api/src/app.ts': [
        'apps/api/src/sandbox/finix/routes.ts',
        'apps/api/src/modules/payments/providers.ts',
      ],
      'apps/api/src/modules/payments/checkout.service.ts': ['apps/api/src/sandbox/finix/engine.ts'],
      'apps/api/src/sandbox/finix/engine.ts': [
        'apps/api/src/sandbox/finix/http.ts',
        'apps/api/src/lib/clock.ts',
        'apps/api/src/modules/payments/provider.ts',
        'apps/api/src/modules/ledger/index.ts',
      ],
      'apps/api/src/sandbox/finix/webhooks.ts': ['apps/api/src/jobs/runner.ts', '@pirouette/domain'],
    });
    expect(violations(graph).map((v) => `${v.from} → ${v.to}`)).toEqual([
      'apps/api/src/app.ts → apps/api/src/sandbox/finix/routes.ts',
      'apps/api/src/modules/payments/checkout.service.ts → apps/api/src/sandbox/finix/engine.ts',
      'apps/api/src/sandbox/finix/engine.ts → apps/api/src/modules/payments/provider.ts',
      'apps/api/src/sandbox/finix/webhooks.ts → apps/api/src/jobs/runner.ts',
    ]);
  });

  it('refuses a module passing another module’s index.ts, the kernel importing a module, and the ledger’s or payments’ tables read by another module', () => {
    const graph = graphOf({
      'apps/api/src/modules/costumes/orders.service.ts': [
        'apps/api/src/modules/ledger/operations.ts',
        'apps/api/src/modules/ledger/index.ts',
        'apps/api/src/modules/costumes/shared.ts',
        'apps/api/src/db/schema/ledger.ts',
        'apps/api/src/db/schema/costumes.ts',
      ],
      'apps/api/src/kernel/family-scope.ts': [
        'apps/api/src/modules/families/index.ts',
        'apps/api/src/db/schema/families.ts',
        'apps/api/src/lib/audit.ts',
      ],
      'apps/api/src/modules/ledger/notices.ts': [
        'apps/api/src/db/schema/payments.ts',
        'apps/api/src/db/schema/ledger.ts',
      ],
      'apps/api/src/modules/payments/checkout.service.ts': [
        'apps/api/src/db/schema/payments.ts',
        'apps/api/src/modules/ledger/index.ts',
      ],
      'apps/api/src/db/seed-demo-ledger.ts': ['apps/api/src/db/schema/ledger.ts'],
      'apps/api/src/modules/costumes/costumes.test.ts': [
        'apps/api/src/db/schema/ledger.ts',
        'apps/api/src/modules/class-registration/class-registration.fixture.ts',
      ],
    });
    expect(violations(graph).map((v) => `${v.from} → ${v.to}`)).toEqual([
      'apps/api/src/modules/costumes/orders.service.ts → apps/api/src/modules/ledger/operations.ts',
      'apps/api/src/modules/costumes/orders.service.ts → apps/api/src/db/schema/ledger.ts',
      'apps/api/src/kernel/family-scope.ts → apps/api/src/modules/families/index.ts',
      'apps/api/src/modules/ledger/notices.ts → apps/api/src/db/schema/payments.ts',
    ]);
  });

  it('finds a loop between module folders, whichever files make it, and none among tests', () => {
    const graph = graphOf({
      'apps/api/src/modules/auth/auth.service.ts': ['apps/api/src/modules/registration/index.ts'],
      'apps/api/src/modules/registration/links.service.ts': ['apps/api/src/modules/families/index.ts'],
      'apps/api/src/modules/families/invitation.ts': ['apps/api/src/modules/auth/index.ts'],
      'apps/api/src/modules/auth/index.ts': [],
      'apps/api/src/modules/registration/index.ts': [],
      'apps/api/src/modules/families/index.ts': [],
      'apps/api/src/modules/ledger/ledger.test.ts': ['apps/api/src/modules/payments/index.ts'],
      'apps/api/src/modules/payments/attempts.ts': ['apps/api/src/modules/ledger/index.ts'],
      'apps/api/src/kernel/current-term.ts': ['apps/api/src/db/client.ts'],
    });
    expect(cycles(moduleGraph(graph))).toEqual([['auth', 'families', 'registration']]);
    graph.delete('apps/api/src/modules/families/invitation.ts');
    expect(cycles(moduleGraph(graph))).toEqual([]);
  });

  it('finds each cycle once, a file importing itself included, and nothing in a tree', () => {
    const graph = graphOf({
      'a.ts': ['b.ts'],
      'b.ts': ['c.ts', 'd.ts'],
      'c.ts': ['a.ts'],
      'd.ts': ['e.ts'],
      'e.ts': [],
      'f.ts': ['f.ts'],
      'g.ts': ['zod'],
    });
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['f.ts']]);
    expect(cycles(graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });

  it('refuses a feature imported by the web’s shared floor and a feature taking more than the floor from app/; app/ and tests may', () => {
    const graph = graphOf({
      'apps/web/src/lib/use-session.ts': [
        'apps/web/src/features/auth/api/auth.ts',
        'apps/web/src/lib/call.ts',
      ],
      'apps/web/src/components/section-card.tsx': ['apps/web/src/features/families/family-view.ts'],
      'apps/web/src/app/paths/account-href.ts': ['apps/web/src/features/accounts/list-params.ts'],
      'apps/web/src/app/admin-routes.tsx': ['apps/web/src/features/accounts/pages/accounts-list-page.tsx'],
      'apps/web/src/lib/format.test.ts': ['apps/web/src/features/money/lib/money.ts'],
      'apps/web/src/features/money/components/money-panel.tsx': [
        'apps/web/src/components/section-card.tsx',
        'apps/web/src/app/paths/account-href.ts',
        'apps/web/src/app/guards/guard-decision.ts',
        'apps/web/src/app/layouts/admin-layout.tsx',
      ],
    });
    expect(violations(graph).map((v) => `${v.from} → ${v.to}`)).toEqual([
      'apps/web/src/lib/use-session.ts → apps/web/src/features/auth/api/auth.ts',
      'apps/web/src/components/section-card.tsx → apps/web/src/features/families/family-view.ts',
      'apps/web/src/app/paths/account-href.ts → apps/web/src/features/accounts/list-params.ts',
      'apps/web/src/features/money/components/money-panel.tsx → apps/web/src/app/layouts/admin-layout.tsx',
    ]);
  });

  it('finds a loop between web features through any of their files, and none within one or through a test', () => {
    const F = 'apps/web/src/features';
    const graph = graphOf({
      [`${F}/cards/components/checkout-modal.tsx`]: [
        `${F}/parent-money/api/parent-money.ts`,
        `${F}/cards/api/cards.ts`,
      ],
      [`${F}/cards/api/cards.ts`]: ['apps/web/src/lib/call.ts'],
      [`${F}/parent-money/components/money-card.tsx`]: [`${F}/cards/components/pay-now-button.tsx`],
      [`${F}/parent-money/api/parent-money.ts`]: [],
      [`${F}/waitlist/components/waitlist-card.tsx`]: [`${F}/waitlist/api/waitlist.ts`],
      [`${F}/waitlist/components/waitlist-card.test.tsx`]: [`${F}/class-registration/lib/quote.ts`],
      [`${F}/class-registration/pages/page.tsx`]: [`${F}/waitlist/api/waitlist.ts`],
      'apps/web/src/app/router.tsx': [`${F}/cards/api/cards.ts`],
    });
    const features = webFeatureGraph(graph);
    expect(cycles(features)).toEqual([[`${F}/cards`, `${F}/parent-money`]]);
    expect(features.get(`${F}/waitlist`)).toEqual([]);
    expect(features.has('apps/web/src/app')).toBe(false);
  });
});
