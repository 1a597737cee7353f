/** The FINIX_* settings: none means the sandbox; some means all, with a sentence for each one missing. */
import { describe, expect, it } from 'vitest';
import { finixConfigFromEnv } from '../../src/modules/payments/finix/config';

const complete = {
  FINIX_USERNAME: 'USabc',
  FINIX_PASSWORD: 'secret',
  FINIX_MERCHANT_ID: 'MUabc',
  FINIX_APPLICATION_ID: 'APabc',
};

describe('finixConfigFromEnv', () => {
  it('is null without FINIX_USERNAME (the product then uses its sandbox), an empty one included', () => {
    expect(finixConfigFromEnv({})).toBeNull();
    expect(finixConfigFromEnv({ FINIX_USERNAME: '', FINIX_PASSWORD: 'secret' })).toBeNull();
  });

  it('reads a complete configuration, with the sandbox URL and environment by default', () => {
    expect(finixConfigFromEnv({ ...complete, FINIX_WEBHOOK_TOKEN: 'tok' })).toEqual({
      apiUrl: 'https://finix.sandbox-payments-api.com',
      username: 'USabc',
      password: 'secret',
      merchantId: 'MUabc',
      applicationId: 'APabc',
      environment: 'sandbox',
      webhook: { kind: 'bearer', token: 'tok' },
    });
    const live = finixConfigFromEnv({
      ...complete,
      FINIX_API_URL: 'https://finix.live-payments-api.com/',
      FINIX_ENVIRONMENT: 'live',
      FINIX_WEBHOOK_USERNAME: 'hooks',
      FINIX_WEBHOOK_PASSWORD: 'pw',
    });
    expect(live).toMatchObject({
      apiUrl: 'https://finix.live-payments-api.com',
      environment: 'live',
      webhook: { kind: 'basic', username: 'hooks', password: 'pw' },
    });
    expect(finixConfigFromEnv(complete)?.webhook).toBeNull();
  });

  it('names every missing or wrong variable at once', () => {
    const error = (() => {
      try {
        finixConfigFromEnv({
          FINIX_USERNAME: 'USabc',
          FINIX_ENVIRONMENT: 'prod',
          FINIX_WEBHOOK_USERNAME: 'hooks',
        });
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    })();
    expect(error).toContain('FINIX_PASSWORD is not set');
    expect(error).toContain('FINIX_MERCHANT_ID is not set');
    expect(error).toContain('FINIX_APPLICATION_ID is not set');
    expect(error).toContain('FINIX_ENVIRONMENT must be sandbox or live.');
    expect(error).toContain('FINIX_WEBHOOK_USERNAME is set without FINIX_WEBHOOK_PASSWORD.');
  });

  it('refuses live webhooks without authentication, and two kinds of it at once', () => {
    expect(() => finixConfigFromEnv({ ...complete, FINIX_ENVIRONMENT: 'live' })).toThrow(
      /live webhooks need/,
    );
    expect(() =>
      finixConfigFromEnv({
        ...complete,
        FINIX_WEBHOOK_TOKEN: 't',
        FINIX_WEBHOOK_USERNAME: 'u',
        FINIX_WEBHOOK_PASSWORD: 'p',
      }),
    ).toThrow(/not both/);
  });
});
