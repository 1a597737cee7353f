import { spawnSync } from 'node:child_process';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { afterAll, describe, expect, it } from 'vitest';
import { hashThreads, RAISED_NICE } from './hash-threads';

const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 12_288, timeCost: 3, parallelism: 1 };

describe('hashing threads (decision 129)', () => {
  const threads = hashThreads(2);
  afterAll(() => threads.close());

  it("hash and check as argon2 does on the server's own threads", async () => {
    const made = await threads.hash('Pirouette1', ARGON2);
    expect(made).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(await verify(made, 'Pirouette1')).toBe(true);
    const direct = await hash('Pirouette1', ARGON2);
    expect(await threads.verify(direct, 'Pirouette1')).toBe(true);
    expect(await threads.verify(direct, 'pirouette1')).toBe(false);
  });

  it('run two at once, and refuse a third rather than queue it (the slots queue)', async () => {
    const [a, b] = [await hash('a', ARGON2), await hash('b', ARGON2)];
    const both = [threads.verify(a, 'a'), threads.verify(b, 'c')];
    expect(() => threads.hash('z', ARGON2)).toThrow('More than 2 hashes at once');
    expect(await Promise.all(both)).toEqual([true, false]);
    expect(await threads.hash('z', ARGON2)).toMatch(/^\$argon2id\$/);
  });

  it('raise their own priority only, where the system allows it', async () => {
    const before = getPriority();
    const priority = await threads.priority();
    if (process.platform !== 'linux') expect(priority).toBe('not linux');
    // Root or CAP_SYS_NICE raises it; without the right, the system's refusal is said.
    else expect(['raised', 'EACCES', 'EPERM']).toContain(priority);
    // Linux keeps a nice value per thread: the test's thread is where it was.
    expect(getPriority()).toBe(before);
    expect(RAISED_NICE).toBeLessThan(0);
  });

  it("refuse a malformed hash with argon2's error, and go on", async () => {
    await expect(threads.verify('$argon2id$v=19$m=12288,t=3,p=1$bad', 'x')).rejects.toThrow();
    expect(await threads.verify(await hash('again', ARGON2), 'again')).toBe(true);
  });

  it('start again after being closed, the ended thread failing only its own job', async () => {
    await threads.close();
    expect(await threads.verify(await hash('later', ARGON2), 'later')).toBe(true);
    const one = hashThreads(1);
    const made = await hash('meanwhile', ARGON2);
    expect(await one.verify(made, 'meanwhile')).toBe(true);
    // Closed without waiting, and the next job given at once: the closed thread ends after it starts.
    const closing = one.close();
    const next = one.verify(made, 'meanwhile');
    await closing;
    expect(await next).toBe(true);
    await one.close();
  });

  it('fail the job of a thread that ends, instead of leaving it waiting', async () => {
    const dying = hashThreads(1, { file: new URL('./hash-thread-dying.fixture.mjs', import.meta.url) });
    await expect(dying.hash('x', ARGON2)).rejects.toThrow('The hashing thread ended (exit code 3).');
    // The next job starts a new thread (which ends too: this one always does).
    await expect(dying.verify('h', 'x')).rejects.toThrow('exit code 3');
    await dying.close();
  });

  it('hold the process open while a hash runs, and not after', () => {
    const module = fileURLToPath(new URL('./hash-threads.ts', import.meta.url));
    const script = `
      const { hashThreads } = await import(${JSON.stringify(module)});
      const made = await hashThreads(1).hash('p', { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
      console.log(made.slice(0, 9));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    // Unsettled (exit code 13) had the thread not held the process during the hash; killed by the
    // timeout (a signal) had it held the process after.
    expect({ status: child.status, signal: child.signal, out: child.stdout.trim() }).toEqual({
      status: 0,
      signal: null,
      out: '$argon2id',
    });
  });
});
