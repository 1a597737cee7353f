import { QueryClient, queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ANSWERS_WAIT_MS, firstAnswers, openingWith } from './first-answers';
import { meQueryKey } from './use-session';

const query = (key: string, answer: () => Promise<unknown>) =>
  queryOptions({ queryKey: [key], queryFn: answer, retry: false });

describe('firstAnswers (decision 083)', () => {
  afterEach(() => {
    openingWith(null);
    vi.useRealTimers();
  });

  it('puts the answers in the cache before the first page renders', async () => {
    const client = new QueryClient();
    client.setQueryData(meQueryKey, { user: {} });
    openingWith(client);
    await expect(
      firstAnswers(() => [query('a', async () => 'A'), query('b', async () => 'B')])(),
    ).resolves.toBeNull();
    expect(client.getQueryData(['a'])).toBe('A');
    expect(client.getQueryData(['b'])).toBe('B');
  });

  it('leaves a failed answer to the page: the loader does not throw', async () => {
    openingWith(new QueryClient());
    const failing = vi.fn(() => Promise.reject(new Error('no')));
    await expect(firstAnswers(() => [query('a', failing)], { anyone: true })()).resolves.toBeNull();
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('waits no longer than FIRST_ANSWERS_WAIT_MS for a slow answer', async () => {
    vi.useFakeTimers();
    openingWith(new QueryClient());
    let done = false;
    const loading = firstAnswers(() => [query('slow', () => new Promise(() => {}))], { anyone: true })().then(
      () => {
        done = true;
      },
    );
    await vi.advanceTimersByTimeAsync(FIRST_ANSWERS_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(done).toBe(true);
  });

  it('asks nothing but the session for a visitor: the page would be refused, the guard sends them away', async () => {
    const client = new QueryClient();
    client.setQueryData(meQueryKey, null);
    openingWith(client);
    const asked = vi.fn(async () => 'A');
    await firstAnswers(() => [query('a', asked)])();
    expect(asked).not.toHaveBeenCalled();
  });

  it('does nothing once the first page has opened', async () => {
    const asked = vi.fn(async () => 'A');
    openingWith(null);
    await firstAnswers(() => [query('a', asked)])();
    expect(asked).not.toHaveBeenCalled();
  });
});
