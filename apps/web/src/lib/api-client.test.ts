import { messages } from '@pirouette/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, EARLY_ANSWER_MS, isRefusedFor, takeEarly, unwrap } from './api-client';

const json = (status: number, body: unknown, statusText = '', headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('unwrap', () => {
  it('gives the data of [true, data]', async () => {
    await expect(unwrap(json(200, [true, { a: 1 }]))).resolves.toEqual({ a: 1 });
  });

  it('treats a [false, message] error body as an ordinary answer: its message, no title', async () => {
    const error = await failure(unwrap(json(401, [false, 'The e-mail address or password is incorrect.'])));
    expect(error.status).toBe(401);
    expect(error.message).toBe('The e-mail address or password is incorrect.');
    expect(error.title).toBeNull();
  });

  it('keeps the message of a 403 envelope as it is (unverified e-mail at sign-in)', async () => {
    const error = await failure(unwrap(json(403, [false, messages.verificationMailSent])));
    expect(error.status).toBe(403);
    expect(error.message).toBe(messages.verificationMailSent);
  });

  it('fails a [false, message] that came with 200', async () => {
    const error = await failure(unwrap(json(200, [false, 'No.'])));
    expect(error.message).toBe('No.');
    expect(error.status).toBe(400);
  });

  it('takes title and message from another error body, prefixing 403 titles', async () => {
    const error = await failure(unwrap(json(403, { error: 'Forbidden', message: 'Not yours.' })));
    expect(error.title).toBe('ERROR 403: Forbidden');
    expect(error.message).toBe('Not yours.');
    const titled = await failure(unwrap(json(409, { title: 'Conflict', message: 'Taken.' })));
    expect(titled.title).toBe('Conflict');
  });

  it('defaults to the generic message when the body says nothing', async () => {
    const error = await failure(
      unwrap(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    expect(error.status).toBe(502);
    expect(error.title).toBe('Bad Gateway');
    expect(error.message).toBe(messages.unexpected);
  });

  it('reads the reason the server sent beside the sentence, and none when it sent none or one unknown', async () => {
    const refused = await failure(
      unwrap(json(409, [false, 'Any wording at all.'], '', { 'x-error-reason': 'card_in_flight' })),
    );
    expect([refused.status, refused.message, refused.reason]).toEqual([
      409,
      'Any wording at all.',
      'card_in_flight',
    ]);
    expect(isRefusedFor(refused, 'card_in_flight')).toBe(true);
    expect(isRefusedFor(refused, 'no_card')).toBe(false);
    const plain = await failure(unwrap(json(409, [false, 'Taken.'])));
    expect(plain.reason).toBeNull();
    expect(isRefusedFor(plain, 'card_in_flight')).toBe(false);
    const unknown = await failure(unwrap(json(409, [false, 'Taken.'], '', { 'x-error-reason': 'made_up' })));
    expect(unknown.reason).toBeNull();
    expect(isRefusedFor(new Error('card_in_flight'), 'card_in_flight')).toBe(false);
  });

  it('gives the body of an OK answer that is not an envelope', async () => {
    await expect(unwrap(json(200, { plain: true }))).resolves.toEqual({ plain: true });
  });
});

describe('apiFetch', () => {
  it('sends the session cookie and a JSON body, never a token header', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, [true, 'ok']));
    await apiFetch('POST', '/api/auth/login', { email: 'a@b.c' });
    const init = spy.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"email":"a@b.c"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.stringify(init?.headers)).not.toMatch(/x-access-token/i);
  });

  it('turns a network failure into an ApiError with the generic message', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(apiFetch('GET', '/api/auth/me'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(messages.unexpected);
  });
});

describe('the answers the early script started (decision 083)', () => {
  const store = globalThis as {
    __pirouetteEarly?: Record<string, { at: number; answer: Promise<Response | null> }>;
  };
  const early = (answers: Record<string, Response | Error | null>, at = Date.now()) => {
    store.__pirouetteEarly = Object.fromEntries(
      Object.entries(answers).map(([path, r]) => [
        path,
        { at, answer: r instanceof Error ? Promise.reject(r) : Promise.resolve(r) },
      ]),
    );
  };

  afterEach(() => {
    delete store.__pirouetteEarly;
  });

  it('takes an OK early answer once instead of asking, then asks again', async () => {
    early({ '/api/parents/account/': json(200, [true, { early: true }]) });
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json(200, [true, { early: false }]));
    await expect(apiFetch('GET', '/api/parents/account/')).resolves.toEqual({ early: true });
    expect(spy).not.toHaveBeenCalled();
    await expect(apiFetch('GET', '/api/parents/account/')).resolves.toEqual({ early: false });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early answer failed, was not OK, or is too old; another address is not taken', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, [true, 'asked']));
    early({
      '/api/a': new TypeError('Failed to fetch'),
      '/api/b': json(401, [false, 'Please sign in.']),
      // Not asked early: nobody was signed in when the page opened.
      '/api/n': null,
    });
    await expect(apiFetch('GET', '/api/a')).resolves.toBe('asked');
    await expect(apiFetch('GET', '/api/b')).resolves.toBe('asked');
    await expect(apiFetch('GET', '/api/n')).resolves.toBe('asked');
    early({ '/api/c': json(200, [true, 'early']) }, Date.now() - EARLY_ANSWER_MS - 1);
    await expect(apiFetch('GET', '/api/c')).resolves.toBe('asked');
    early({ '/api/d?page=1': json(200, [true, 'early']) });
    await expect(apiFetch('GET', '/api/d?page=2')).resolves.toBe('asked');
    expect(spy).toHaveBeenCalledTimes(5);
    expect(takeEarly('/api/d?page=1')).not.toBeNull();
  });

  it('drops every early answer not yet taken when a write is sent', async () => {
    early({ '/api/auth/me': json(200, [true, { user: 'before' }]) });
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, [true, null]));
    await apiFetch('POST', '/api/auth/logout', {});
    await expect(apiFetch('GET', '/api/auth/me')).resolves.toBeNull();
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('drops them too for a GET that writes (switching studio), and never answers that GET early', async () => {
    early({
      '/api/mystudio/account/list': json(200, [true, { studio: 'A' }]),
      '/api/auth/userAccount/b': json(200, [true, 'early switch']),
    });
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, [true, 'asked']));
    await expect(apiFetch('GET', '/api/auth/userAccount/b', undefined, { writes: true })).resolves.toBe(
      'asked',
    );
    // Studio A's list, read before the switch, is not taken as studio B's.
    await expect(apiFetch('GET', '/api/mystudio/account/list')).resolves.toBe('asked');
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
