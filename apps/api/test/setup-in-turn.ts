import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { overlapsSeen } from '../src/db/in-turn';

/**
 * No statement waits for another on its connection (decision 118): on PostgreSQL, reads started side by
 * side on one transaction run one after the other whatever the code says, and node-postgres 9 refuses
 * them. A test (or a file's setup) during which one waited fails, with where the waiting call came from;
 * the code reads in turn or in one batch. On PGlite nothing is counted (one session, no pool).
 */
let before = 0;

const check = (when: string) => {
  const seen = overlapsSeen();
  const added = seen.count - before;
  before = seen.count;
  expect(
    added,
    `${added} statement(s) waited for another on one connection ${when} (a Promise.all on a transaction?): ${seen.lastStack}`,
  ).toBe(0);
};

beforeAll(() => {
  before = overlapsSeen().count;
});
beforeEach(() => check("in the file's setup"));
afterEach(() => check('in this test'));
afterAll(() => check("in the file's teardown or last hooks"));
