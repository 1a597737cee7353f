import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the configuration', () => {
  it('listens on this machine only unless HOST says otherwise (decision 041)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('keeps three connections to PostgreSQL unless DATABASE_POOL_SIZE says otherwise (decision 122)', () => {
    expect(loadConfig({}).databasePoolSize).toBe(3);
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
    for (const bad of ['0', '2.5', 'many', '101'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(
        /^Invalid configuration: DATABASE_POOL_SIZE: /,
      );
  });

  it('runs the jobs in the server unless RUN_JOBS=0, which needs a PostgreSQL other processes share (decision 081)', () => {
    expect(loadConfig({}).runJobs).toBe(true);
    expect(loadConfig({ RUN_JOBS: '0', DATABASE_URL: 'postgres://db/pirouette' }).runJobs).toBe(false);
    expect(() => loadConfig({ RUN_JOBS: '0' })).toThrow(
      /^Invalid configuration: RUN_JOBS=0 needs DATABASE_URL/,
    );
  });
});
