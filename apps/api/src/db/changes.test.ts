import { describe, expect, it } from 'vitest';
import { ChangeFeed, isQuiet } from './changes';

describe('ChangeFeed', () => {
  it.each([
    ['family_accounts:UPDATE', false],
    ['sessions:UPDATE', false],
    ['sessions:DELETE', false],
    ['sessions:TRUNCATE', false],
    ['audit_log:INSERT', false],
    ['', false],
    ['sessions:INSERT', true],
    ['rate_limits:INSERT', true],
    ['rate_limits:DELETE', true],
    ['mail_outbox:UPDATE', true],
  ])('a notice of %j is quiet: %s', (notice, quiet) => {
    expect(isQuiet(notice)).toBe(quiet);
    const feed = new ChangeFeed();
    feed.notice(notice);
    expect(feed.version).toBe(quiet ? 0 : 1);
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
