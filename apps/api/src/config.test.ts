import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the configuration', () => {
  it('listens on this machine only unless HOST says otherwise (decision 041)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
