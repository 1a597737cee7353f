import { describe, expect, it } from 'vitest';
import { ChangeFeed, isQuiet, parseNotice } from './changes';

describe('ChangeFeed', () => {
  it.each([
    ['sessions:UPDATE:100', false],
    ['sessions:DELETE:100', false],
    ['sessions:TRUNCATE:100', false],
    ['memberships:UPDATE:100', false],
    ['memberships:DELETE:100', false],
    ['users:UPDATE:100', false],
    ['users:DELETE:100', false],
    ['companies:UPDATE:100', false],
    ['companies:DELETE:100', false],
    // A notice of migration 0006, before notices named their transaction.
    ['users:UPDATE', false],
    ['sessions:INSERT:100', true],
    ['family_accounts:UPDATE:100', true],
    ['students:INSERT:100', true],
    ['audit_log:INSERT:100', true],
    ['rate_limits:INSERT:100', true],
    ['mail_outbox:UPDATE:100', true],
    ['', true],
  ])('a notice of %j leaves kept sessions alone: %s', (notice, quiet) => {
    expect(isQuiet(notice)).toBe(quiet);
    const feed = new ChangeFeed();
    feed.notice(notice);
    expect(feed.version).toBe(quiet ? 0 : 1);
  });

  it('takes a notice apart', () => {
    expect(parseNotice('memberships:DELETE:4711')).toEqual({
      table: 'memberships',
      operation: 'DELETE',
      transaction: '4711',
      ids: null,
    });
    expect(parseNotice('users:UPDATE')).toEqual({
      table: 'users',
      operation: 'UPDATE',
      transaction: null,
      ids: null,
    });
    expect(parseNotice('sessions:UPDATE:4711:a,b')).toEqual({
      table: 'sessions',
      operation: 'UPDATE',
      transaction: '4711',
      ids: ['a', 'b'],
    });
    expect(parseNotice('sessions:UPDATE:4711:').ids).toBeNull();
  });

  it('hands a change that names its rows to its listeners, leaving everything else kept (decision 080)', () => {
    const feed = new ChangeFeed();
    const changes: unknown[] = [];
    const stop = feed.onChange((c) => changes.push(c));
    feed.notice('sessions:UPDATE:7:s1');
    feed.notice('memberships:DELETE:7:m1,m2');
    // The same notice heard on another connection: once.
    feed.notice('sessions:UPDATE:7:s1');
    feed.notice('sessions:INSERT:7:s2');
    expect(changes).toEqual([
      { table: 'sessions', ids: ['s1'] },
      { table: 'memberships', ids: ['m1', 'm2'] },
    ]);
    expect(feed.version).toBe(0);
    expect(feed.heard).toBe(2);
    // One that names none (a TRUNCATE, more than 50 rows): everything kept is stale.
    feed.notice('users:UPDATE:8:');
    expect(feed.version).toBe(1);
    expect(changes).toHaveLength(2);
    stop();
    feed.notice('users:UPDATE:9:u1');
    expect(changes).toHaveLength(2);
    expect(feed.heard).toBe(4);
  });

  it('moves on once per transaction, however many connections hear it and however many tables it wrote', () => {
    const feed = new ChangeFeed();
    feed.notice('users:UPDATE:7');
    feed.notice('memberships:DELETE:7');
    feed.notice('users:UPDATE:7');
    expect(feed.version).toBe(1);
    feed.notice('users:UPDATE:8');
    expect(feed.version).toBe(2);
  });

  it('forgets old transactions in the end, so its memory stays bounded (a late repeat only moves it once more)', () => {
    const feed = new ChangeFeed();
    for (let i = 0; i < 5_000; i++) feed.notice(`sessions:UPDATE:${i}`);
    expect(feed.version).toBe(5_000);
    feed.notice('sessions:UPDATE:4999');
    expect(feed.version).toBe(5_000);
    feed.notice('sessions:UPDATE:0');
    expect(feed.version).toBe(5_001);
  });

  it('moves on whenever hearing starts or stops: what was kept meanwhile may have missed a change', () => {
    const feed = new ChangeFeed(false);
    expect(feed.live).toBe(false);
    feed.setLive(true);
    expect(feed.live).toBe(true);
    expect(feed.version).toBe(1);
    feed.setLive(false);
    expect(feed.version).toBe(2);
  });
});
